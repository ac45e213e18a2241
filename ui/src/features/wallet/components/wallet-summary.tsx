import { useWalletT } from '@/i18n/wallet';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { formatNumber } from '@/lib/format';

import type { WalletResponse } from '../api/get-wallet';
import { totalBalance } from '../validation';

import { UpdatedAgo } from './updated-ago';

type Props = {
  data: WalletResponse;
  refreshing: boolean;
  onRefresh: () => void;
  onTransfer: () => void;
  onGameAccounts: () => void;
  /** onReceiveInvite receives the invite bonus (after a confirmation). */
  onReceiveInvite: () => void;
};

/** WalletSummary shows the player, the total balance with its refresh, coins and the invite bonus. */
export function WalletSummary({ data, refreshing, onRefresh, onTransfer, onGameAccounts, onReceiveInvite }: Props) {
  const { t } = useWalletT();
  const total = totalBalance(data);
  return (
    <View style={styles.card}>
      <AppText variant="heading" role="heading" aria-level={1} style={styles.white}>
        {t('wallet.hello', { name: data.profile.name })}
      </AppText>
      <AppText variant="label" style={styles.light}>
        {t('wallet.totalBalance')}
      </AppText>
      <AppText
        style={styles.total}
        bold
        accessibilityLabel={`${t('wallet.totalBalance')}: ${t('wallet.baht', { amount: formatNumber(total) })}`}
        testID="total-balance"
      >
        {t('wallet.baht', { amount: formatNumber(total) })}
      </AppText>
      <View style={styles.row}>
        <View style={styles.flex}>
          <UpdatedAgo fallback={data.updatedAt} style={styles.light} />
        </View>
        <Button
          title={t('wallet.refresh')}
          variant="ghost"
          loading={refreshing}
          onPress={onRefresh}
          accessibilityLabel={t('wallet.refreshLabel')}
        />
      </View>
      <View style={styles.figures}>
        <Figure label={t('wallet.walletBalance')} value={t('wallet.baht', { amount: formatNumber(data.wallet.amount) })} />
        <Figure label={t('wallet.coins')} value={String(data.profile.coin ?? 0)} />
      </View>
      <View style={styles.invite}>
        <View style={styles.flex}>
          <AppText variant="label" style={styles.light}>
            {t('wallet.inviteBonus')}
          </AppText>
          <AppText bold style={styles.gold}>
            {t('wallet.baht', { amount: formatNumber(data.invite?.amount ?? 0) })}
          </AppText>
        </View>
        <View style={styles.receive}>
          <Button
            title={t('wallet.receive')}
            variant="ghost"
            disabled={!((data.invite?.amount ?? 0) > 0)}
            onPress={onReceiveInvite}
            accessibilityLabel={t('wallet.receiveInviteLabel')}
          />
        </View>
      </View>
      <View style={styles.actions}>
        <Button title={t('transfer.open')} variant="secondary" onPress={onTransfer} style={styles.flex} />
        <Button title={t('game.accounts')} variant="ghost" onPress={onGameAccounts} style={styles.flex} />
      </View>
    </View>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.figure}>
      <AppText variant="caption" style={styles.light}>
        {label}
      </AppText>
      <AppText bold style={styles.white}>
        {value}
      </AppText>
    </View>
  );
}

const styles = StyleSheet.create({
  // The dark green keeps the gold and white texts (and those on the card's lighter panels) at
  // 4.5:1 or more (WCAG AA); on the lighter primary green they fell to 3.3–4.5.
  card: { backgroundColor: colors.primaryDark, borderRadius: radius.lg, padding: spacing.lg, gap: spacing.sm },
  light: { color: 'rgba(255,255,255,0.85)' },
  white: { color: '#fff' },
  gold: { color: colors.gold, fontSize: 18 },
  total: { color: colors.gold, fontSize: 32, lineHeight: 42 },
  row: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  figures: { flexDirection: 'row', gap: spacing.sm },
  figure: { flex: 1, backgroundColor: 'rgba(255,255,255,0.12)', borderRadius: radius.md, padding: spacing.sm },
  invite: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    backgroundColor: 'rgba(0,0,0,0.15)',
    borderRadius: radius.md,
    padding: spacing.sm,
  },
  receive: { alignItems: 'center', gap: 2 },
  actions: { flexDirection: 'row', gap: spacing.sm, marginTop: spacing.xs },
});
