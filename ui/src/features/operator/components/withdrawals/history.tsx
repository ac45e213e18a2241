// Parts of the withdrawals page: the approval confirmation, the account number's copy button and
// the history of processed withdrawals (GET /api/operator/withdrawals?status=APPROVED|REJECTED).
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';
import { copyText } from '@/lib/clipboard';
import { formatAccountNo } from '@/lib/format';

import { useWithdrawalHistory, type HistoryStatus } from '../../api/get-withdrawals';
import { withdrawalId, type Withdrawal } from '../../api/types';
import { useOpT } from '../../i18n';
import { useAutoColumn } from '../autowithdraw/decision';
import { payoutTone } from '../payouts/tone';
import { Badge, DataTable, money, Row, when, type Column } from '../ui';

/** ApproveWithdrawal asks before an approval pays a withdrawal (as adjustments do). */
export function ApproveWithdrawal({
  withdrawal,
  pending,
  onConfirm,
  onClose,
}: {
  withdrawal: Withdrawal | null;
  pending: boolean;
  onConfirm: (w: Withdrawal) => void;
  onClose: () => void;
}) {
  const { t } = useOpT();
  const w = withdrawal;
  return (
    <AppModal
      visible={!!w}
      title={t('withdrawals.approveTitle')}
      onClose={onClose}
      footer={
        <Row style={styles.gap}>
          <Button variant="secondary" title={t('common.cancel')} onPress={onClose} />
          <Button title={t('withdrawals.confirmApprove')} loading={pending} onPress={() => w && onConfirm(w)} />
        </Row>
      }
    >
      {w ? (
        <AppText>
          {t('withdrawals.approveAsk', {
            amount: money(w.amount),
            name: w.name || w.phone,
            bank: [w.bankCode, formatAccountNo(w.bankAccountNo ?? ''), w.bankAccountName].filter(Boolean).join(' '),
          })}
        </AppText>
      ) : null}
    </AppModal>
  );
}

/** withdrawalColumns are the member, bank account and amount columns of the queue and the history. */
export function withdrawalColumns(t: (key: string) => string): Column<Withdrawal>[] {
  return [
    { key: 'member', label: t('withdrawals.member'), text: (w) => `${w.name} ${w.phone}`.trim(), flex: 1.4 },
    {
      key: 'bank',
      label: t('members.bank'),
      text: (w) => [w.bankCode, w.bankAccountNo, w.bankAccountName].filter(Boolean).join(' '),
      flex: 1.6,
      render: (w) => <AccountNo w={w} />,
    },
    { key: 'amount', label: t('common.amount'), text: (w) => money(w.amount), align: 'right' },
  ];
}

/** AccountNo is a withdrawal's bank account with a copy button for the account number. */
export function AccountNo({ w }: { w: Withdrawal }) {
  const { t } = useOpT();
  const [copied, setCopied] = useState<boolean | null>(null);
  const no = w.bankAccountNo ?? '';
  return (
    <View style={styles.col}>
      <AppText variant="caption">{[w.bankCode, w.bankAccountName].filter(Boolean).join(' ')}</AppText>
      <Row style={styles.gap}>
        <AppText selectable>{formatAccountNo(no)}</AppText>
        {no ? (
          <Button
            variant="link"
            title={t('withdrawals.copy')}
            accessibilityLabel={t('withdrawals.copyNamed', { no })}
            onPress={async () => setCopied(await copyText(no))}
          />
        ) : null}
      </Row>
      {copied !== null ? (
        <AppText variant="caption" role="status">
          {copied ? t('withdrawals.copied', { no }) : t('withdrawals.copyFailed')}
        </AppText>
      ) : null}
    </View>
  );
}

/** WithdrawalHistory lists the processed withdrawals, newest decided first, by status. */
export function WithdrawalHistory() {
  const { t } = useOpT();
  const [status, setStatus] = useState<HistoryStatus>('APPROVED');
  const q = useWithdrawalHistory(status);
  const autoColumn = useAutoColumn();
  return (
    <View style={styles.col}>
      <Row style={styles.gap}>
        {(['APPROVED', 'REJECTED'] as const).map((s) => (
          <Button
            key={s}
            variant={s === status ? 'primary' : 'secondary'}
            title={t(`withdrawals.status.${s}`)}
            accessibilityState={{ selected: s === status }}
            onPress={() => setStatus(s)}
          />
        ))}
      </Row>
      <AppText variant="caption">{t('withdrawals.historyNote')}</AppText>
      <DataTable
        label={t('withdrawals.history')}
        csvName={`withdrawals-${status.toLowerCase()}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.withdrawals ?? []}
        rowKey={withdrawalId}
        minWidth={720}
        columns={[
          { key: 'decidedAt', label: t('withdrawals.decided'), text: (w) => when(w.decidedAt), flex: 1.2 },
          ...withdrawalColumns(t),
          {
            key: 'status',
            label: t('members.status'),
            text: (w) => t(`withdrawals.status.${w.status}`),
            render: (w) => <Badge label={t(`withdrawals.status.${w.status}`)} tone={w.status === 'APPROVED' ? 'good' : 'bad'} />,
          },
          {
            key: 'payout',
            label: t('withdrawals.payout'),
            text: (w) => (w.payoutStatus ? t(`withdrawals.payoutStatus.${w.payoutStatus}`) : ''),
            render: (w) =>
              w.payoutStatus ? <Badge label={t(`withdrawals.payoutStatus.${w.payoutStatus}`)} tone={payoutTone(w.payoutStatus)} /> : null,
          },
          {
            key: 'by',
            label: t('withdrawals.decidedBy'),
            text: (w) => [w.decidedBy, w.reason, w.payoutReason].filter(Boolean).join(' · '),
            flex: 1.6,
          },
          autoColumn,
        ]}
      />
    </View>
  );
}

const styles = StyleSheet.create({
  col: { gap: spacing.xs },
  gap: { gap: spacing.sm, alignItems: 'center' },
});
