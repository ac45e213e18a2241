import { Pressable, StyleSheet, View } from 'react-native';

import { useWalletT } from '@/i18n/wallet';

import { Picture } from '@/components/picture/picture';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { gameCard, serverUrl } from '@/lib/config';
import { formatNumber } from '@/lib/format';
import { Look } from '@/components/looks';

import type { Slot } from '../api/get-wallet';
import { gameCredit } from '../validation';

type Props = { slot: Slot; onOpen: (slot: Slot) => void; onActivate: (slot: Slot) => void; activating: boolean };

/**
 * GameCard is one game, 300 by 211: an active card shows the balance and the balance ×
 * ftWalletSlot and opens the game-account dialog; an inactive card offers to open an account.
 */
export function GameCard({ slot, onOpen, onActivate, activating }: Props) {
  const { t } = useWalletT();
  const body = (
    <>
      {slot.background ? (
        <Picture source={{ uri: serverUrl(slot.background) }} style={StyleSheet.absoluteFill} resizeMode="cover" aria-hidden />
      ) : (
        <Look kind="game" code={slot.code} category={slot.category} style={StyleSheet.absoluteFill} decorative />
      )}
      <View style={styles.top}>
        {slot.logo ? <Picture source={{ uri: serverUrl(slot.logo) }} style={styles.logo} aria-hidden /> : null}
        <AppText bold style={styles.name} numberOfLines={1}>
          {slot.name}
        </AppText>
      </View>
      <View style={styles.panel}>
        {slot.isActive ? (
          <>
            <View style={styles.line}>
              <AppText variant="caption" style={styles.muted}>
                {t('game.balance')}
              </AppText>
              <AppText bold style={styles.amount}>
                {formatNumber(slot.amount)}
              </AppText>
            </View>
            <View style={styles.line}>
              <AppText variant="caption" style={styles.muted}>
                {t('game.credit')}
              </AppText>
              <AppText bold style={styles.credit}>
                {formatNumber(gameCredit(slot))}
              </AppText>
            </View>
          </>
        ) : (
          <View style={styles.line}>
            <AppText variant="caption" style={styles.muted}>
              {t('game.noAccount')}
            </AppText>
            <Button
              title={t('game.openAccount')}
              accessibilityLabel={t('game.openAccountLabel', { name: slot.name })}
              loading={activating}
              onPress={() => onActivate(slot)}
            />
          </View>
        )}
      </View>
    </>
  );
  if (!slot.isActive) return <View style={styles.card}>{body}</View>;
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={t('game.cardLabel', { name: slot.name })}
      onPress={() => onOpen(slot)}
      style={({ pressed }) => [styles.card, pressed && styles.pressed]}
    >
      {body}
    </Pressable>
  );
}

const styles = StyleSheet.create({
  card: {
    width: gameCard.width,
    height: gameCard.height,
    borderRadius: radius.lg,
    overflow: 'hidden',
    backgroundColor: colors.primaryDark,
    justifyContent: 'space-between',
  },
  pressed: { opacity: 0.85 },
  top: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm, padding: spacing.md },
  logo: { width: 44, height: 44, borderRadius: 22 },
  name: { flex: 1, color: '#fff', fontSize: 17, textShadowColor: 'rgba(0,0,0,0.5)', textShadowRadius: 3 },
  panel: { backgroundColor: 'rgba(0,0,0,0.75)', paddingHorizontal: spacing.md, paddingVertical: spacing.sm, gap: 2 },
  line: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: spacing.sm, minHeight: 28 },
  muted: { color: 'rgba(255,255,255,0.85)' },
  amount: { color: '#fff', fontSize: 18 },
  credit: { color: colors.gold, fontSize: 16 },
});
