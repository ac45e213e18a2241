import { useRouter } from 'expo-router';
import { useWalletT } from '@/i18n/wallet';
import { Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { LazySpinWidget, type SpinTile } from '@/features/spin/lazy';

type Props = {
  coin: number;
  onDeposit: () => void;
  onWithdraw: () => void;
  onConditions: () => void;
  onBonus: () => void;
  onInvite: () => void;
  onRefund: () => void;
  /** onRefreshAll refreshes every balance: the spin tile does it while no wheel is active. */
  onRefreshAll: () => void;
  /** activeBonus is the translated type of the member's active bonus, if any. */
  activeBonus?: string | null;
  /** spin loads the spin feature into its tile; until then the tile opens the spin page. */
  spin?: boolean;
};

/** HomeWidgets is the grid of home actions, each a tile named by its label. */
export function HomeWidgets({
  coin,
  onDeposit,
  onWithdraw,
  onConditions,
  onBonus,
  onInvite,
  onRefund,
  onRefreshAll,
  activeBonus,
  spin = true,
}: Props) {
  const { t } = useWalletT();
  const router = useRouter();
  const widgets: SpinTile[] = [
    { key: 'deposit', label: t('widgets.deposit'), onPress: onDeposit },
    { key: 'withdraw', label: t('widgets.withdraw'), onPress: onWithdraw },
    // Until the spin feature has loaded (features/spin/lazy.tsx), the tile opens the spin page.
    { key: 'spin', label: t('widgets.spin'), caption: t('widgets.coins', { coins: coin }), onPress: () => router.push('/user/spin') },
    { key: 'invite', label: t('widgets.invite'), onPress: onInvite },
    { key: 'conditions', label: t('widgets.conditions'), onPress: onConditions },
    { key: 'refund', label: t('widgets.refund'), onPress: onRefund },
    {
      key: 'bonus',
      label: t('widgets.bonus'),
      caption: activeBonus ? t('widgets.bonusActive', { type: activeBonus }) : undefined,
      onPress: onBonus,
    },
  ];
  const tile = (w: SpinTile) => (
    <Pressable
      key={w.key}
      accessibilityRole="button"
      // Named by what it shows, label then caption (WCAG 2.5.3, label in name).
      accessibilityLabel={w.caption ? `${w.label}, ${w.caption}` : w.label}
      onPress={w.onPress}
      style={({ pressed }) => [styles.tile, pressed && styles.pressed]}
    >
      <View style={styles.dot} />
      <AppText bold style={styles.label} numberOfLines={2}>
        {/* A space ends the label before the caption: the web draws the two texts as blocks with
            nothing between, and a check that reads the visible text (axe's label in name) would
            join their words. A space at the end of a line is not drawn. */}
        {w.caption ? `${w.label} ` : w.label}
      </AppText>
      {w.caption ? (
        <AppText variant="caption" style={styles.caption}>
          {w.caption}
        </AppText>
      ) : null}
    </Pressable>
  );
  return (
    <View style={styles.grid}>
      {widgets.map((w) =>
        w.key === 'spin' && spin ? (
          <LazySpinWidget key="spin" coin={coin} onRefreshAll={onRefreshAll} renderTile={tile} fallback={tile(w)} />
        ) : (
          tile(w)
        ),
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.sm },
  tile: {
    flexBasis: '30%',
    flexGrow: 1,
    minHeight: 84,
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
    padding: spacing.sm,
    alignItems: 'center',
    justifyContent: 'center',
    gap: 2,
  },
  pressed: { opacity: 0.8 },
  dot: { width: 10, height: 10, borderRadius: 5, backgroundColor: colors.gold, marginBottom: 2 },
  label: { textAlign: 'center', fontSize: 14, lineHeight: 22 },
  caption: { textAlign: 'center' },
});
