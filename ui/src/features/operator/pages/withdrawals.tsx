import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, type Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi, qs } from '../api/client';
import { withdrawalId, type Setting, type StatementLine, type Withdrawal } from '../api/types';
import { Badge, Card, DataTable, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { AccountNo, ApproveWithdrawal, WithdrawalHistory } from '../components/withdrawal-parts';
import { useOpT } from '../i18n';
import { useMe } from '../session';

type ApproveAnswer = { message: string; withdrawal?: Withdrawal };

/** thresholdOf reads withdrawApprovalThreshold ({amount} or a bare number) from the settings. */
export function thresholdOf(settings: Setting[] | undefined): number | null {
  const s = settings?.find((x) => x.name === 'withdrawApprovalThreshold');
  if (!s) return null;
  const v = s.value as { amount?: unknown } | number;
  const n = typeof v === 'number' ? v : Number((v as { amount?: unknown })?.amount);
  return Number.isFinite(n) ? n : null;
}

/**
 * The withdrawal queue, oldest first. Above the approval threshold a withdrawal needs two
 * approvals by different finance/owner operators: the first answers SECOND_APPROVAL_REQUIRED and
 * the row then shows who approved and waits for someone else.
 */
export default function WithdrawalsPage() {
  const { t } = useOpT();
  const me = useMe();
  const router = useRouter();
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: ['operator', 'withdrawals'],
    queryFn: () => opApi.get<{ withdrawals: Withdrawal[] }>('/api/operator/withdrawals'),
    refetchInterval: 30_000,
  });
  const settings = useQuery({
    queryKey: ['operator', 'settings'],
    queryFn: () => opApi.get<{ settings: Setting[] }>('/api/operator/settings'),
  });
  const threshold = thresholdOf(settings.data?.settings);
  const [notice, setNotice] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const [reason, setReason] = useState('');
  const [activityOf, setActivityOf] = useState<Withdrawal | null>(null);
  const [approving, setApproving] = useState<Withdrawal | null>(null);
  const [view, setView] = useState<'queue' | 'history'>('queue');

  const refresh = () => client.invalidateQueries({ queryKey: ['operator', 'withdrawals'] });
  const approve = useIdempotentMutation(
    (w: Withdrawal, key: string) =>
      opApi.post<ApproveAnswer>(`/api/operator/withdrawals/${encodeURIComponent(withdrawalId(w))}/approve`, undefined, {
        headers: { [idempotencyHeader]: key },
      }),
    {
    onMutate: () => setNotice(null),
    onSettled: () => setApproving(null),
    onSuccess: (answer, w) => {
      setNotice(
        answer.message === 'SECOND_APPROVAL_REQUIRED'
          ? t('withdrawals.secondRequired', { name: w.name || w.phone, amount: money(w.amount) })
          : t('withdrawals.approved', { name: w.name || w.phone, amount: money(w.amount) }),
      );
      refresh();
    },
    },
  );
  const reject = useIdempotentMutation(
    ({ w, why }: { w: Withdrawal; why: string }, key: string) =>
      opApi.post(`/api/operator/withdrawals/${encodeURIComponent(withdrawalId(w))}/reject`, { reason: why }, { headers: { [idempotencyHeader]: key } }),
    {
    onMutate: () => setNotice(null),
    onSuccess: (_a, { w }) => {
      setNotice(t('withdrawals.rejected', { name: w.name || w.phone, amount: money(w.amount) }));
      setRejecting(null);
      setReason('');
      refresh();
    },
    },
  );

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
      {view === 'history' ? <WithdrawalHistory /> : null}
      {view === 'queue' ? (
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
          { key: 'member', label: t('withdrawals.member'), text: (w) => `${w.name} ${w.phone}`.trim(), flex: 1.4 },
          {
            key: 'bank',
            label: t('members.bank'),
            text: (w) => [w.bankCode, w.bankAccountNo, w.bankAccountName].filter(Boolean).join(' '),
            flex: 1.6,
            render: (w) => <AccountNo w={w} />,
          },
          { key: 'amount', label: t('common.amount'), text: (w) => money(w.amount), align: 'right' },
          {
            key: 'approvals',
            label: t('withdrawals.approvals'),
            text: (w) => `${w.approvals ?? 0}${w.approvedBy?.length ? ` (${w.approvedBy.join(', ')})` : ''}`,
            flex: 1.4,
            render: (w) =>
              (w.approvals ?? 0) > 0 ? (
                <View style={styles.cellCol}>
                  <Badge label={t('withdrawals.waitingSecond')} tone="warn" />
                  <AppText variant="caption">{t('withdrawals.approvedBy', { names: (w.approvedBy ?? []).join(', ') })}</AppText>
                </View>
              ) : (
                <AppText variant="caption">{needsTwo(w) ? t('withdrawals.needsTwo') : t('withdrawals.needsOne')}</AppText>
              ),
          },
          {
            key: 'actions',
            label: '',
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
      ) : null}
      <ApproveWithdrawal withdrawal={approving} pending={approve.isPending} onConfirm={(w) => approve.mutate(w)} onClose={() => setApproving(null)} />
      <AppModal
        visible={!!rejecting}
        title={t('withdrawals.rejectTitle')}
        onClose={() => setRejecting(null)}
        footer={
          <Button
            variant="danger"
            title={t('withdrawals.confirmReject')}
            disabled={!reason.trim()}
            loading={reject.isPending}
            onPress={() => rejecting && reject.mutate({ w: rejecting, why: reason.trim() })}
          />
        }
      >
        {rejecting ? <AppText>{`${rejecting.name} ${rejecting.phone} · ${money(rejecting.amount)}`}</AppText> : null}
        <TextField label={t('withdrawals.reason')} value={reason} onChangeText={setReason} maxLength={500} multiline />
        <AppText variant="caption">{t('withdrawals.reasonHelp')}</AppText>
        <ErrorLine error={reject.error} />
      </AppModal>
    </>
  );
}

function RecentActivity({ w, onClose }: { w: Withdrawal; onClose: () => void }) {
  const { t } = useOpT();
  const q = useQuery({
    queryKey: ['operator', 'member', w.memberId, 'statement', 'recent'],
    queryFn: () =>
      opApi.get<{ statements: StatementLine[]; total: number }>(
        `/api/operator/members/${encodeURIComponent(w.memberId)}/statement${qs({ page: 1, limit: 10 })}`,
      ),
  });
  return (
    <Card title={t('withdrawals.activityOf', { name: w.name || w.phone })}>
      <DataTable
        label={t('withdrawals.activityOf', { name: w.name || w.phone })}
        csvName={`member-${w.memberId}-recent`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.statements ?? []}
        rowKey={(s) => s._id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (s) => when(s.createdAt) },
          { key: 'type', label: t('member.type'), text: (s) => s.statementType },
          { key: 'amount', label: t('common.amount'), text: (s) => money(s.amount), align: 'right' },
          { key: 'status', label: t('members.status'), text: (s) => s.status },
          { key: 'description', label: t('member.description'), text: (s) => s.description ?? '' },
        ]}
      />
      <Row>
        <Button variant="secondary" title={t('common.close')} onPress={onClose} />
      </Row>
    </Card>
  );
}

const styles = StyleSheet.create({
  cellCol: { gap: 2 },
  actions: { gap: spacing.xs },
});
