import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessibilityInfo, Animated, StyleSheet, View, type DimensionValue, type StyleProp, type ViewStyle } from 'react-native';

import { colors, radius, spacing } from './theme';

/** SkeletonBlock is one grey block: a line of text, a card, a picture. */
export type SkeletonBlock = { width?: DimensionValue; height: number; round?: boolean };

export type SkeletonProps = {
  /** blocks are drawn top to bottom, or side by side in rows of `columns`. */
  blocks: SkeletonBlock[];
  columns?: number;
  style?: StyleProp<ViewStyle>;
  testID?: string;
};

/** pulseMs is one fade of the pulse (out, then back in). */
const pulseMs = 900;

/**
 * useReducedMotion is true when the system asks for less motion (the pulse then stands still), null
 * until the system has answered (no pulse starts before).
 */
function useReducedMotion(): boolean | null {
  const [reduced, setReduced] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    AccessibilityInfo.isReduceMotionEnabled()
      .then((on) => live && setReduced(on))
      .catch(() => undefined);
    const sub = AccessibilityInfo.addEventListener('reduceMotionChanged', setReduced);
    return () => {
      live = false;
      sub.remove();
    };
  }, []);
  return reduced;
}

/**
 * Skeleton is the shape of content still loading: grey blocks with a gentle pulse where the
 * content will be, instead of blank space or a lone spinner. Screen readers hear "loading".
 */
export function Skeleton({ blocks, columns = 1, style, testID }: SkeletonProps) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const opacity = useRef(new Animated.Value(1)).current;
  useEffect(() => {
    if (reduced !== false) {
      opacity.setValue(1);
      return;
    }
    const loop = Animated.loop(
      Animated.sequence([
        Animated.timing(opacity, { toValue: 0.45, duration: pulseMs, useNativeDriver: false }),
        Animated.timing(opacity, { toValue: 1, duration: pulseMs, useNativeDriver: false }),
      ]),
    );
    loop.start();
    return () => loop.stop();
  }, [reduced, opacity]);
  return (
    <Animated.View
      testID={testID ?? 'skeleton'}
      role="progressbar"
      aria-busy
      accessibilityLabel={t('common.loading')}
      style={[styles.wrap, columns > 1 && styles.grid, { opacity }, style]}
    >
      {blocks.map((b, i) => (
        <View
          key={i}
          style={[
            styles.block,
            columns > 1 && { flexBasis: `${Math.floor(100 / columns) - 5}%`, flexGrow: 1 },
            { width: b.width ?? (columns > 1 ? undefined : '100%'), height: b.height },
            b.round && { borderRadius: b.height / 2 },
          ]}
        />
      ))}
    </Animated.View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.md },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  block: { backgroundColor: colors.neutralSoft, borderRadius: radius.md },
});
