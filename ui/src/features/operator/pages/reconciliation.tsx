import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import { useOpenTransfers } from '../api/get-transfers';
import { useQueryTransfer } from '../api/query-transfer';
import { Badge, DataTable, ErrorLine, money, PageTitle, when } from '../components/ui';
import { useOpT } from '../i18n';

/** age shows seconds as "3d 4h", "2h 5m" or "40s". */
export function age(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/**
 * Open game transfers (PENDING/UNKNOWN). The only action asks the provider again; the server
 * settles a transfer only on the provider's definite answer, never on a guess from here.
 */
export default function ReconciliationPage() {
  const { t } = useOpT();
  const q = useOpenTransfers();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const ask = useQueryTransfer((answer, tr) =>
    setAnswers((a) => ({ ...a, [tr.id]: `${answer.providerStatus} → ${answer.transfer?.state ?? ''}` })),
  );
  return (
    <>
      <PageTitle>{t('pages.reconciliation')}</PageTitle>
      <AppText variant="caption">{t('reconciliation.help')}</AppText>
      <ErrorLine error={ask.error} />
      <DataTable
        label={t('pages.reconciliation')}
        csvName="open-transfers"
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.transfers ?? []}
        rowKey={(tr) => tr.id}
        minWidth={960}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (tr) => when(tr.createdAt), flex: 1.2 },
          { key: 'age', label: t('reconciliation.age'), text: (tr) => age(tr.ageSeconds), flex: 0.7 },
          { key: 'member', label: t('withdrawals.member'), text: (tr) => tr.memberId },
          { key: 'game', label: t('reconciliation.game'), text: (tr) => tr.game },
          {
            key: 'direction',
            label: t('reconciliation.direction'),
            text: (tr) => t(`reconciliation.directions.${tr.direction}`, { defaultValue: tr.direction }),
          },
          { key: 'amount', label: t('common.amount'), text: (tr) => money(tr.amount), align: 'right' },
          {
            key: 'state',
            label: t('members.status'),
            text: (tr) => tr.state,
            render: (tr) => <Badge label={tr.state} tone={tr.state === 'UNKNOWN' ? 'bad' : 'warn'} />,
          },
          { key: 'attempts', label: t('reconciliation.attempts'), text: (tr) => tr.attempts, flex: 0.6 },
          { key: 'answer', label: t('reconciliation.providerAnswer'), text: (tr) => answers[tr.id] ?? '' },
          {
            key: 'ask',
            label: t('common.actions'),
            text: () => '',
            flex: 1.2,
            render: (tr) => (
              <Button
                variant="secondary"
                title={t('reconciliation.ask')}
                loading={ask.isPending && ask.variables?.id === tr.id}
                onPress={() => ask.mutate(tr)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
