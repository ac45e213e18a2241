import { useTranslation } from 'react-i18next';
import { StyleSheet, View, type ViewStyle } from 'react-native';

import type { SkeletonProps } from './skeleton.native';
import { colors, radius, spacing } from './theme';

export type { SkeletonBlock, SkeletonProps } from './skeleton.native';

/**
 * pulse is the gentle pulse as a CSS animation (react-native-web turns animationKeyframes into
 * @keyframes): React Native's Animated, which the native Skeleton uses, would weigh ~28 kB on the
 * web's shared chunk.
 */
const pulse = {
  animationKeyframes: [{ '0%': { opacity: 1 }, '50%': { opacity: 0.45 }, '100%': { opacity: 1 } }],
  animationDuration: '1.8s',
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
} as unknown as ViewStyle;

/** reducedMotion is true when the browser asks for less motion (the blocks then stand still). */
function reducedMotion(): boolean {
  return typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Skeleton is the shape of content still loading: grey blocks with a gentle pulse where the
 * content will be, instead of blank space or a lone spinner. Screen readers hear "loading".
 */
export function Skeleton({ blocks, columns = 1, style, testID }: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <View
      testID={testID ?? 'skeleton'}
      role="progressbar"
      aria-busy
      accessibilityLabel={t('common.loading')}
      style={[styles.wrap, columns > 1 && styles.grid, !reducedMotion() && styles.pulse, style]}
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
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.md },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  block: { backgroundColor: colors.neutralSoft, borderRadius: radius.md },
  pulse,
});
