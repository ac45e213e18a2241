import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { useCloseRewardPeriod } from '../../api/close-reward-period';
import { useRewardRuns } from '../../api/get-reward-runs';
import type { Program } from '../../api/get-reward-settings';
import { useOpT } from '../../i18n';
import { InlineConfirm } from '../inline-confirm';
import { Card, DataTable, money, Row, when } from '../ui';

/** RunsCard lists a program's accrual runs and closes the current period on demand (asked first). */
export function RunsCard({ program, onNotice }: { program: Program; onNotice: (text: string) => void }) {
  const { t } = useOpT();
  const runs = useRewardRuns(program, true);
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useCloseRewardPeriod(program, (run) => {
    onNotice(t('rewards.closed', { period: run.period, amount: money(run.amount), members: run.members }));
    setConfirmClose(false);
  });
  return (
    <Card title={t('rewards.runs')}>
      <Row>
        <Button
          variant="secondary"
          title={t('rewards.closeNow')}
          onPress={() => {
            close.reset();
            setConfirmClose(true);
          }}
        />
      </Row>
      {confirmClose ? (
        <InlineConfirm
          text={t('rewards.confirmClose', { program: t(`rewards.programs.${program}`) })}
          confirm={t('rewards.closeConfirm')}
          loading={close.isPending}
          error={close.error}
          onConfirm={() => close.mutate()}
          onCancel={() => setConfirmClose(false)}
        />
      ) : null}
      <DataTable
        label={t('rewards.runs')}
        csvName={`${program}-runs`}
        loading={runs.isLoading}
        error={runs.error}
        rows={runs.data ?? []}
        rowKey={(r) => r.id}
        minWidth={900}
        columns={[
          { key: 'period', label: t('rewards.period'), text: (r) => r.period, flex: 1.6 },
          { key: 'ends', label: t('rewards.endsAt'), text: (r) => when(r.endsAt) },
          { key: 'bets', label: t('rewards.bets'), text: (r) => r.bets, align: 'right', flex: 0.6 },
          { key: 'members', label: t('rewards.members'), text: (r) => r.members, align: 'right', flex: 0.6 },
          { key: 'net', label: t('rewards.netLoss'), text: (r) => money(r.stake - r.payout), align: 'right' },
          { key: 'amount', label: t('common.amount'), text: (r) => money(r.amount), align: 'right' },
          { key: 'by', label: t('rewards.by'), text: (r) => r.by || t('rewards.scheduled') },
        ]}
      />
    </Card>
  );
}
