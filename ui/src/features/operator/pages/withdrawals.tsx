import { useRouter, type Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';

import { useApproveWithdrawal, useRejectWithdrawal } from '../api/decide-withdrawal';
import { useSettings } from '../api/get-settings';
import { useWithdrawals } from '../api/get-withdrawals';
import { withdrawalId, type Withdrawal } from '../api/types';
import { useAutoColumn } from '../components/autowithdraw/decision';
import { ApprovalsCell, thresholdOf } from '../components/withdrawals/approvals';
import { RecentActivity } from '../components/withdrawals/recent-activity';
import { RejectDialog } from '../components/withdrawals/reject-dialog';
import { ApproveWithdrawal, WithdrawalHistory, withdrawalColumns } from '../components/withdrawals/history';
import { DataTable, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { useMe } from '../session';

/**
 * The withdrawal queue, oldest first. Above the approval threshold a withdrawal needs two
 * approvals by different finance/owner operators: the first answers SECOND_APPROVAL_REQUIRED and
 * the row then shows who approved and waits for someone else.
 */
export default function WithdrawalsPage() {
  const { t } = useOpT();
  const me = useMe();
  const router = useRouter();
  const queue = useWithdrawals();
  const settings = useSettings();
  const threshold = thresholdOf(settings.data?.settings);
  const [notice, setNotice] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const [reason, setReason] = useState('');
  const [activityOf, setActivityOf] = useState<Withdrawal | null>(null);
  const [approving, setApproving] = useState<Withdrawal | null>(null);
  const [view, setView] = useState<'queue' | 'history'>('queue');
  const autoColumn = useAutoColumn();

  const approve = useApproveWithdrawal({
    onMutate: () => setNotice(null),
    onSettled: () => setApproving(null),
    onDone: (answer, w) =>
      setNotice(
        answer.message === 'SECOND_APPROVAL_REQUIRED'
          ? t('withdrawals.secondRequired', { name: w.name || w.phone, amount: money(w.amount) })
          : t(answer.withdrawal.payoutStatus ? 'withdrawals.approvedPayout' : 'withdrawals.approved', {
              name: w.name || w.phone,
              amount: money(w.amount),
            }),
      ),
  });
  const reject = useRejectWithdrawal({
    onMutate: () => setNotice(null),
    onDone: (_a, { w }) => {
      setNotice(t('withdrawals.rejected', { name: w.name || w.phone, amount: money(w.amount) }));
      setRejecting(null);
      setReason('');
    },
  });

  const rows = queue.data?.withdrawals ?? [];
  const username = me.data?.username;
  const needsTwo = (w: Withdrawal) => threshold !== null && w.amount > threshold;

  return (
    <>
      <PageTitle>{t('pages.withdrawals')}</PageTitle>
      <Row style={styles.actions}>
        {(['queue', 'history'] as const).map((v) => (
          <Button
            key={v}
            variant={v === view ? 'primary' : 'secondary'}
            title={t(`withdrawals.${v}`)}
            accessibilityState={{ selected: v === view }}
            onPress={() => setView(v)}
          />
        ))}
      </Row>
      {view === 'history' ? (
        <WithdrawalHistory />
      ) : (
        <>
          <AppText variant="caption">
            {threshold !== null ? t('withdrawals.fourEyes', { amount: money(threshold) }) : t('withdrawals.oldestFirst')}
          </AppText>
          {notice ? (
            <AppText role="status" bold testID="withdrawal-notice">
              {notice}
            </AppText>
          ) : null}
          <ErrorLine error={approve.error} />
          <DataTable
            label={t('pages.withdrawals')}
            csvName="withdrawals"
            loading={queue.isLoading}
            error={queue.error}
            rows={rows}
            rowKey={withdrawalId}
            minWidth={720}
            columns={[
              { key: 'createdAt', label: t('withdrawals.requested'), text: (w) => when(w.createdAt), flex: 1.2 },
              ...withdrawalColumns(t),
              {
                key: 'approvals',
                label: t('withdrawals.approvals'),
                text: (w) => `${w.approvals ?? 0}${w.approvedBy?.length ? ` (${w.approvedBy.join(', ')})` : ''}`,
                flex: 1.4,
                render: (w) => <ApprovalsCell w={w} needsTwo={needsTwo(w)} />,
              },
              autoColumn,
              {
                key: 'actions',
                label: t('common.actions'),
                text: () => '',
                flex: 2.2,
                render: (w) => {
                  const mine = !!username && (w.approvedBy ?? []).includes(username);
                  const who = w.name || w.phone;
                  return (
                    <Row style={styles.actions}>
                      <Button
                        title={mine ? t('withdrawals.youApproved') : t('withdrawals.approve')}
                        accessibilityLabel={t('withdrawals.approveNamed', { name: who, amount: money(w.amount) })}
                        disabled={mine || approve.isPending}
                        onPress={() => setApproving(w)}
                      />
                      <Button
                        variant="danger"
                        title={t('withdrawals.reject')}
                        accessibilityLabel={t('withdrawals.rejectNamed', { name: who, amount: money(w.amount) })}
                        onPress={() => {
                          reject.reset();
                          setRejecting(w);
                        }}
                      />
                      <Button variant="link" title={t('withdrawals.activity')} onPress={() => setActivityOf(w)} />
                      <Button
                        variant="link"
                        title={t('members.open')}
                        onPress={() => router.push(`/operator/members/${encodeURIComponent(w.memberId)}` as Href)}
                      />
                    </Row>
                  );
                },
              },
            ]}
          />
          {activityOf ? <RecentActivity w={activityOf} onClose={() => setActivityOf(null)} /> : null}
        </>
      )}
      <ApproveWithdrawal
        withdrawal={approving}
        pending={approve.isPending}
        onConfirm={(w) => approve.mutate(w)}
        onClose={() => setApproving(null)}
      />
      <RejectDialog
        withdrawal={rejecting}
        reason={reason}
        onReason={setReason}
        pending={reject.isPending}
        error={reject.error}
        onReject={(why) => rejecting && reject.mutate({ w: rejecting, why })}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

const styles = StyleSheet.create({
  actions: { gap: spacing.xs },
});
