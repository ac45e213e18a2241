import { Pressable, StyleSheet, View } from 'react-native';

import { AppText } from './text';
import { colors, radius, spacing, touchTarget } from './theme';

type Props = { label: string; checked: boolean; onChange: (checked: boolean) => void };

/** Checkbox has the checkbox role, its label as name and its state. */
export function Checkbox({ label, checked, onChange }: Props) {
  return (
    <Pressable
      accessibilityRole="checkbox"
      accessibilityLabel={label}
      accessibilityState={{ checked }}
      aria-checked={checked}
      onPress={() => onChange(!checked)}
      style={styles.row}
      hitSlop={6}
    >
      <View style={[styles.box, checked && styles.checked]}>{checked ? <View style={styles.tick} /> : null}</View>
      <AppText>{label}</AppText>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm, minHeight: touchTarget },
  box: {
    width: 22,
    height: 22,
    borderRadius: radius.sm,
    borderWidth: 2,
    borderColor: colors.primary,
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: colors.surface,
  },
  checked: { backgroundColor: colors.primary },
  tick: { width: 10, height: 10, borderRadius: 2, backgroundColor: colors.onPrimary },
});
