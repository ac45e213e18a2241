import { useState } from 'react';
import { StyleSheet } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';
import { formatAccountNo } from '@/lib/format';

import { usePayouts } from '../api/get-payouts';
import type { Payout, PayoutStatus } from '../api/types';
import { ResolvePayout } from '../components/payouts/resolve-payout';
import { payoutTone } from '../components/payouts/tone';
import { Badge, DataTable, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

export const payoutStatuses: readonly PayoutStatus[] = ['UNKNOWN', 'SUBMITTED', 'PAID', 'FAILED'];

/**
 * The automatic payouts of approved withdrawals by status. UNKNOWN is the queue: payouts whose
 * outcome the bank did not tell, which operators resolve with evidence once they have checked.
 */
export default function PayoutsPage() {
  const { t } = useOpT();
  const role = useMe().data?.role;
  const [status, setStatus] = useState<PayoutStatus>('UNKNOWN');
  const [chosen, setChosen] = useState<Payout | null>(null);
  const q = usePayouts(status);
  const canResolve = can(role, actionRoles.resolvePayout);
  return (
    <>
      <PageTitle>{t('pages.payouts')}</PageTitle>
      <AppText variant="caption">{t('payouts.help')}</AppText>
      {q.data && !q.data.automatic ? <AppText variant="caption">{t('payouts.off')}</AppText> : null}
      <Row style={styles.gap}>
        {payoutStatuses.map((s) => (
          <Button
            key={s}
            variant={s === status ? 'primary' : 'secondary'}
            title={t(`payouts.status.${s}`)}
            accessibilityState={{ selected: s === status }}
            onPress={() => {
              setStatus(s);
              setChosen(null);
            }}
          />
        ))}
      </Row>
      {q.data ? (
        <AppText variant="caption">{t(q.data.totalCapped ? 'payouts.totalCapped' : 'payouts.total', { count: q.data.total })}</AppText>
      ) : null}
      <DataTable
        label={t('pages.payouts')}
        csvName={`payouts-${status.toLowerCase()}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.payouts ?? []}
        rowKey={(p) => p.id}
        minWidth={1100}
        columns={[
          { key: 'createdAt', label: t('payouts.created'), text: (p) => when(p.createdAt), flex: 1.1 },
          { key: 'withdrawal', label: t('payouts.withdrawal'), text: (p) => p.withdrawalId, flex: 1.2 },
          { key: 'member', label: t('withdrawals.member'), text: (p) => p.memberId, flex: 1.2 },
          {
            key: 'bank',
            label: t('members.bank'),
            text: (p) => [p.bankCode, formatAccountNo(p.bankAccountNo), p.bankAccountName].filter(Boolean).join(' '),
            flex: 1.6,
          },
          { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right', flex: 0.8 },
          {
            key: 'status',
            label: t('members.status'),
            text: (p) => t(`payouts.status.${p.status}`),
            render: (p) => (
              <Badge
                label={p.escalatedAt ? t('payouts.escalated') : t(`payouts.status.${p.status}`)}
                tone={p.escalatedAt ? 'bad' : payoutTone(p.status)}
              />
            ),
            flex: 0.9,
          },
          { key: 'attempts', label: t('payouts.attempts'), text: (p) => p.attempts, align: 'right', flex: 0.5 },
          { key: 'ref', label: t('payouts.partyRef'), text: (p) => p.partyRef || '—', flex: 0.9 },
          {
            key: 'note',
            label: t('payouts.note'),
            text: (p) =>
              [p.reason, p.resolvedBy ? t('payouts.resolvedBy', { name: p.resolvedBy, evidence: p.evidence ?? '' }) : '']
                .filter(Boolean)
                .join(' · '),
            flex: 1.6,
          },
          ...(status === 'UNKNOWN' && canResolve
            ? [
                {
                  key: 'resolve',
                  label: t('common.actions'),
                  text: () => '',
                  render: (p: Payout) => (
                    <Button
                      variant="secondary"
                      title={t('payouts.resolve')}
                      accessibilityLabel={t('payouts.resolveNamed', { amount: money(p.amount), id: p.id })}
                      onPress={() => setChosen(p)}
                    />
                  ),
                  flex: 0.8,
                },
              ]
            : []),
        ]}
      />
      {chosen && status === 'UNKNOWN' && canResolve ? (
        <ResolvePayout key={chosen.id} payout={chosen} isOwner={role === 'owner'} onDone={() => setChosen(null)} />
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  gap: { gap: spacing.sm, alignItems: 'center', flexWrap: 'wrap' },
});
