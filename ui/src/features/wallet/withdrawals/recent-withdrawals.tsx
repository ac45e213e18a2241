import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { formatDateTime, formatNumber } from '@/lib/format';

import { type MemberWithdrawal, useRecentWithdrawals } from './api';
import { useWithdrawalsT } from './i18n';

const tone: Record<MemberWithdrawal['progress'], string> = {
  PENDING: colors.muted,
  PAYING: colors.muted,
  APPROVED: colors.success,
  FAILED: colors.danger,
  REJECTED: colors.danger,
};

/**
 * RecentWithdrawals lists the member's newest withdrawals in the withdraw modal: amount, when
 * requested, and where each stands (requested, being paid, paid, failed or rejected with the
 * reason). It is mounted only while the modal is open, so each opening reads it afresh.
 */
export function RecentWithdrawals() {
  const { t } = useWithdrawalsT();
  const list = useRecentWithdrawals();
  const items = list.data?.withdrawals ?? [];

  return (
    <View style={styles.box} accessibilityLabel={t('title')}>
      <AppText variant="label">{t('title')}</AppText>
      {list.isError ? (
        <View style={styles.row}>
          <AppText variant="caption">{t('loadFailed')}</AppText>
          <Button variant="link" title={t('retry')} onPress={() => list.refetch()} />
        </View>
      ) : list.isSuccess && items.length === 0 ? (
        <AppText variant="caption">{t('empty')}</AppText>
      ) : (
        items.map((w) => (
          <View key={w._id} style={styles.item} testID={`withdrawal-${w._id}`}>
            <View style={styles.row}>
              <AppText bold>{t('amount', { amount: formatNumber(w.amount) })}</AppText>
              <AppText variant="caption">{formatDateTime(w.createdAt)}</AppText>
            </View>
            <AppText variant="caption" style={{ color: tone[w.progress] }}>
              {t(`progress.${w.progress}`)}
            </AppText>
            {w.reason ? <AppText variant="caption">{t('reason', { reason: w.reason })}</AppText> : null}
          </View>
        ))
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  box: { gap: spacing.xs },
  item: { backgroundColor: colors.background, borderRadius: radius.md, padding: spacing.sm, gap: 2 },
  row: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: spacing.sm },
});
