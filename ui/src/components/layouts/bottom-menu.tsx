import { Pressable, StyleSheet, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

import { AppText } from '../ui/text';
import { colors, spacing, typeScale } from '../ui/theme';

import { MenuIcon } from './menu-icon';

/** menuLabelSize is the labels' font size, a tab bar's (smaller than the caption's 13). */
export const menuLabelSize = typeScale.small.fontSize;

export type MenuItem = {
  key: string;
  label: string;
  onPress: () => void;
  active?: boolean;
  /** link items navigate; the others open something in place. */
  kind?: 'link' | 'button';
};

/** BottomMenu is the shell's navigation bar. */
export function BottomMenu({ items, label }: { items: MenuItem[]; label: string }) {
  const insets = useSafeAreaInsets();
  return (
    <View role="navigation" aria-label={label} style={[styles.bar, { paddingBottom: Math.max(insets.bottom, spacing.xs) }]}>
      {items.map((item) => (
        <Pressable
          key={item.key}
          accessibilityRole={item.kind === 'button' ? 'button' : 'link'}
          accessibilityLabel={item.label}
          accessibilityState={{ selected: !!item.active }}
          aria-current={item.active ? 'page' : undefined}
          onPress={item.onPress}
          style={styles.item}
        >
          <View style={[styles.marker, item.active && styles.markerActive]} />
          <MenuIcon name={item.key} color={item.active ? colors.primary : colors.muted} />
          <AppText
            variant="caption"
            bold={item.active}
            style={[styles.label, item.active ? styles.activeText : styles.text]}
            numberOfLines={2}
          >
            {item.label}
          </AppText>
        </Pressable>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  bar: {
    flexDirection: 'row',
    backgroundColor: colors.surface,
    borderTopWidth: 1,
    borderTopColor: colors.border,
    paddingTop: spacing.xs,
  },
  item: { flex: 1, alignItems: 'center', justifyContent: 'center', minHeight: 56, gap: 2, paddingHorizontal: 2 },
  marker: { width: 24, height: 3, borderRadius: 2, backgroundColor: 'transparent' },
  markerActive: { backgroundColor: colors.primary },
  // Six entries share a 360 px screen: a long label (Thai, Lao) wraps on
  // two lines between its words rather than being cut, and no word is
  // wider than its slot at this size (bottom-menu-labels.test.ts).
  label: { textAlign: 'center', ...typeScale.small },
  text: { color: colors.muted },
  activeText: { color: colors.primary },
});
