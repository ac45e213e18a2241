import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { bannersFor } from '@/lib/banners';
import { serverUrl } from '@/lib/config';
import { formatNumber } from '@/lib/format';
import { Look } from '@/components/looks';

import { useBonusT } from '../i18n';
import type { Bonus } from '../api/bonus';
import type { CardState } from '../receipts';

type Props = { bonus: Bonus; state: CardState; onPress: () => void };

/** bonusAmount describes what a bonus gives: a fixed amount or a share of the deposit. */
export function useBonusAmount() {
  const { t } = useBonusT();
  return (b: Bonus) =>
    b.percent > 0
      ? t('amountPercent', { percent: b.percent }) + (b.cap > 0 ? ' ' + t('amountCap', { cap: formatNumber(b.cap) }) : '')
      : t('amountFixed', { amount: formatNumber(b.amount) });
}

/**
 * BonusCard is one card of the grid (spec part 4): current (with the active marker), received
 * (disabled) or available; current and available open the bonus modal.
 */
export function BonusCard({ bonus, state, onPress }: Props) {
  const { t, i18n } = useBonusT();
  const { t: tm } = useTranslation();
  const amount = useBonusAmount();
  const banner = bannersFor(bonus.banners, i18n.language)[0];
  const disabled = state === 'received';
  const status = state === 'current' ? t('current') : state === 'received' ? t('received') : null;
  const what = `${tm(`bonus.types.${bonus.type}`)} · ${amount(bonus)}`;
  return (
    <Pressable
      accessibilityRole="button"
      // Named by what it shows, in its order (WCAG 2.5.3, label in name): name, status, what it gives.
      accessibilityLabel={[t('cardLabel', { name: bonus.name }), status, what].filter(Boolean).join(', ')}
      accessibilityState={{ disabled, selected: state === 'current' }}
      disabled={disabled}
      onPress={onPress}
      style={({ pressed }) => [styles.card, state === 'current' && styles.current, disabled && styles.disabled, pressed && styles.pressed]}
    >
      {banner?.image ? (
        <Picture source={{ uri: serverUrl(banner.image) }} style={styles.image} resizeMode="cover" aria-hidden />
      ) : (
        <View style={[styles.image, styles.art]}>
          <Look kind="bonus" style={StyleSheet.absoluteFill} />
        </View>
      )}
      <View style={styles.body}>
        <AppText bold numberOfLines={2}>
          {/* Spaces end the texts followed by another (see home-widgets.tsx: label in name). */}
          {`${bonus.name} `}
        </AppText>
        {status ? (
          <View style={[styles.badge, state === 'current' ? styles.badgeCurrent : styles.badgeReceived]}>
            <AppText variant="caption" bold style={state === 'current' ? styles.badgeCurrentText : undefined}>
              {`${status} `}
            </AppText>
          </View>
        ) : null}
        <AppText variant="caption">{what}</AppText>
      </View>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  art: { overflow: 'hidden' },
  card: {
    flexBasis: '45%',
    flexGrow: 1,
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
    overflow: 'hidden',
  },
  current: { borderColor: colors.primary, borderWidth: 2 },
  disabled: { opacity: 0.55 },
  pressed: { opacity: 0.8 },
  image: { width: '100%', aspectRatio: 16 / 9 },
  body: { padding: spacing.sm, gap: 2 },
  badge: { alignSelf: 'flex-start', borderRadius: radius.sm, paddingHorizontal: spacing.sm, marginTop: 2 },
  badgeCurrent: { backgroundColor: colors.primary },
  badgeCurrentText: { color: colors.surface },
  badgeReceived: { backgroundColor: colors.border },
});
