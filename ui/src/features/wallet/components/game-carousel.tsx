import { useRef, useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { Platform, Pressable, ScrollView, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';
import { gameCard } from '@/lib/config';

import type { Slot } from '../api/get-wallet';

import { GameCard } from './game-card';

type Props = {
  title: string;
  slots: Slot[];
  onOpen: (slot: Slot) => void;
  onActivate: (slot: Slot) => void;
  activatingCode: string | null;
};

const step = gameCard.width + gameCard.gap;

/**
 * GameCarousel is one category of game cards in a horizontal scroller: three cards fit at
 * once on a wide screen, a phone swipes; arrows page through when the cards overflow.
 */
export function GameCarousel({ title, slots, onOpen, onActivate, activatingCode }: Props) {
  const { t } = useWalletT();
  const ref = useRef<ScrollView>(null);
  const [viewport, setViewport] = useState(0);
  const [offset, setOffset] = useState(0);
  const contentWidth = slots.length * step - gameCard.gap;
  const maxOffset = Math.max(0, contentWidth - viewport);
  const overflow = viewport > 0 && maxOffset > 1;

  const page = (direction: 1 | -1) => {
    const perPage = Math.max(1, Math.floor((viewport + gameCard.gap) / step));
    const x = Math.min(maxOffset, Math.max(0, Math.round(offset / step) * step + direction * perPage * step));
    ref.current?.scrollTo({ x, animated: true });
    setOffset(x);
  };

  return (
    <View style={styles.wrap}>
      <View style={styles.header}>
        <AppText variant="heading" role="heading" aria-level={2} style={styles.title}>
          {title}
        </AppText>
        {overflow ? (
          <View style={styles.arrows}>
            <Arrow label={t('game.previous', { category: title })} symbol="‹" disabled={offset <= 1} onPress={() => page(-1)} />
            <Arrow label={t('game.next', { category: title })} symbol="›" disabled={offset >= maxOffset - 1} onPress={() => page(1)} />
          </View>
        ) : null}
      </View>
      {slots.length === 0 ? (
        <AppText variant="caption">{t('game.emptyCategory')}</AppText>
      ) : (
        <ScrollView
          ref={ref}
          horizontal
          style={styles.scroller}
          contentContainerStyle={styles.row}
          onLayout={(e) => setViewport(e.nativeEvent.layout.width)}
          onScroll={(e) => setOffset(e.nativeEvent.contentOffset.x)}
          scrollEventThrottle={32}
          showsHorizontalScrollIndicator={false}
          decelerationRate="fast"
          {...(Platform.OS === 'web' ? { pagingEnabled: true } : { snapToInterval: step, snapToAlignment: 'start' as const })}
        >
          {slots.map((slot) => (
            <GameCard key={slot.code} slot={slot} onOpen={onOpen} onActivate={onActivate} activating={activatingCode === slot.code} />
          ))}
        </ScrollView>
      )}
    </View>
  );
}

function Arrow({ label, symbol, disabled, onPress }: { label: string; symbol: string; disabled: boolean; onPress: () => void }) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={{ disabled }}
      disabled={disabled}
      onPress={onPress}
      style={[styles.arrow, disabled && styles.arrowDisabled]}
      hitSlop={4}
    >
      <AppText bold style={styles.arrowText} aria-hidden>
        {symbol}
      </AppText>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.sm },
  header: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  title: { flex: 1 },
  arrows: { flexDirection: 'row', gap: spacing.sm },
  arrow: {
    width: touchTarget,
    height: touchTarget,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.primary,
    backgroundColor: colors.surface,
    alignItems: 'center',
    justifyContent: 'center',
  },
  arrowDisabled: { opacity: 0.4 },
  arrowText: { color: colors.primary, fontSize: 22, lineHeight: 26 },
  scroller: { flexGrow: 0 },
  row: { gap: gameCard.gap },
});
