import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useAddRefund, useInvalidateRewards, useReceiveRefund, useRefundCheck, useRefundLog } from '../api/rewards';
import { useRewardsT } from '../i18n';

import { ConfirmReceive } from './confirm-receive';
import { RewardTable } from './reward-table';

/**
 * RefundModal is the cashback modal: the pending amount with receive (disabled while a bonus is
 * held), the explanatory html, the received cashback with add-to-wallet (confirmed, with the
 * condition's percentages), and the history, 10 a page. onChanged reloads the wallet.
 */
export function RefundModal({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const { t } = useRewardsT();
  const { i18n } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const check = useRefundCheck(i18n.language);
  const log = useRefundLog(page);
  const receive = useReceiveRefund();
  const add = useAddRefund();
  const invalidate = useInvalidateRewards();
  const c = check.data;

  const onReceive = () =>
    receive.mutate(null, {
      onSuccess: (r) => {
        toast(t('received', { amount: formatNumber(r.amount) }), 'success');
        invalidate();
      },
      onError: (err) => toast(errorMessage(err, i18n), 'error'),
    });
  const onAdd = () =>
    add.mutate(null, {
      onSuccess: (r) => {
        setConfirming(false);
        toast(errorMessage(new Error(r.message), i18n), 'success');
        invalidate();
        onChanged();
      },
      onError: (err) => {
        setConfirming(false);
        toast(errorMessage(err, i18n), 'error');
      },
    });

  return (
    <AppModal visible title={t('refundTitle')} onClose={onClose}>
      {c && !c.active ? <AppText style={styles.muted}>{t('inactive')}</AppText> : null}
      <View style={styles.box}>
        <AppText variant="label">{t('pending')}</AppText>
        <AppText variant="title" testID="refund-pending">
          {formatNumber(c?.refundAmount ?? 0)}
        </AppText>
        <Button
          title={t('receiveRefund')}
          loading={receive.isPending}
          disabled={!c || !c.active || c.bonus || c.refundAmount <= 0}
          onPress={onReceive}
        />
        {c?.bonus ? <AppText style={styles.warning}>{t('bonusHeld')}</AppText> : null}
      </View>
      {c?.info ? <HtmlContent html={c.info} /> : null}
      <View style={styles.box}>
        <AppText variant="label">{t('balance')}</AppText>
        <AppText variant="title" testID="refund-balance">
          {formatNumber(c?.refundBalance ?? 0)}
        </AppText>
        <Button
          title={t('addToWallet')}
          variant="secondary"
          disabled={!c || !c.active || c.bonus || c.refundBalance <= 0}
          onPress={() => setConfirming(true)}
        />
      </View>
      <AppText variant="label">{t('log')}</AppText>
      <RewardTable
        columns={{ amount: t('refundAmount'), createdAt: t('createdAt') }}
        rows={(log.isError ? [] : (log.data?.refunds ?? [])).map((r, i) => ({
          key: `${r.period}-${i}`,
          amount: r.refundAmount,
          createdAt: r.createdAt,
        }))}
        total={log.isError ? 0 : (log.data?.total ?? 0)}
        page={page}
        stale={log.isPlaceholderData}
        empty={t('noRefunds')}
        onPage={setPage}
      />
      <ConfirmReceive
        visible={confirming}
        title={t('addTitle')}
        success={c?.refundSuccess ?? 0}
        fail={c?.refundFail ?? 0}
        busy={add.isPending}
        onConfirm={onAdd}
        onCancel={() => setConfirming(false)}
      />
    </AppModal>
  );
}

const styles = StyleSheet.create({
  box: { gap: spacing.xs, padding: spacing.md, borderRadius: radius.md, backgroundColor: colors.surface },
  warning: { color: colors.danger },
  muted: { color: colors.muted },
});
