import { Pressable, StyleSheet, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

import { AppText } from '../ui/text';
import { colors, spacing } from '../ui/theme';

import { MenuIcon } from './menu-icon';

export type MenuItem = {
  key: string;
  label: string;
  onPress: () => void;
  active?: boolean;
  /** link items navigate; the others open something in place. */
  kind?: 'link' | 'button';
};

/**
 * BottomMenu is the shell's navigation bar. labelSize, when given, is the labels' font size (the
 * member's six entries: menu-label-size.ts), the caption's otherwise.
 */
export function BottomMenu({ items, label, labelSize }: { items: MenuItem[]; label: string; labelSize?: number }) {
  const insets = useSafeAreaInsets();
  const size = labelSize ? { fontSize: labelSize, lineHeight: Math.round(labelSize * 1.4) } : undefined;
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
            style={[styles.label, size, item.active ? styles.activeText : styles.text]}
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
  // Six entries share a 360 px screen: a label of two words may wrap on two
  // lines, between them, never inside a word (menu-label-size.ts).
  label: { textAlign: 'center' },
  text: { color: colors.muted },
  activeText: { color: colors.primary },
});
