import { ActivityIndicator, Pressable, StyleSheet, View, type PressableProps, type StyleProp, type ViewStyle } from 'react-native';

import { AppText } from './text';
import { colors, radius, spacing, touchTarget } from './theme';

type Variant = 'primary' | 'secondary' | 'danger' | 'link' | 'ghost';

export type ButtonProps = Omit<PressableProps, 'children' | 'style'> & {
  title: string;
  variant?: Variant;
  loading?: boolean;
  icon?: React.ReactNode;
  style?: StyleProp<ViewStyle>;
};

/** Button always has the button role and an accessible name (its title unless labelled). */
export function Button({ title, variant = 'primary', loading, disabled, icon, style, accessibilityLabel, ...rest }: ButtonProps) {
  const inactive = disabled || loading;
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={accessibilityLabel ?? title}
      accessibilityState={{ disabled: !!inactive, busy: !!loading }}
      disabled={inactive}
      style={({ pressed }) => [
        styles.base,
        styles[variant],
        pressed && !inactive ? pressedStyles[variant] : null,
        inactive ? styles.disabled : null,
        style,
      ]}
      {...rest}
    >
      <View style={styles.row}>
        {loading ? (
          <ActivityIndicator
            color={variant === 'primary' || variant === 'danger' || variant === 'ghost' ? colors.onPrimary : colors.primary}
          />
        ) : (
          icon
        )}
        <AppText bold style={[styles.text, textStyles[variant]]}>
          {title}
        </AppText>
      </View>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  base: {
    minHeight: touchTarget,
    paddingHorizontal: spacing.lg,
    paddingVertical: spacing.sm,
    borderRadius: radius.md,
    alignItems: 'center',
    justifyContent: 'center',
  },
  row: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  primary: { backgroundColor: colors.primary },
  secondary: { backgroundColor: colors.surface, borderWidth: 1, borderColor: colors.primary },
  danger: { backgroundColor: colors.danger },
  link: { backgroundColor: 'transparent', paddingHorizontal: spacing.xs, minWidth: 44 },
  ghost: { backgroundColor: 'transparent', borderWidth: 1, borderColor: 'rgba(255,255,255,0.7)' },
  disabled: { opacity: 0.5 },
  text: { textAlign: 'center' },
});

// A pressed button darkens (an opacity would lighten it and lose contrast with its white text).
export const pressedStyles = StyleSheet.create({
  primary: { backgroundColor: colors.primaryDark },
  secondary: { backgroundColor: colors.primarySoft },
  danger: { backgroundColor: colors.dangerDark },
  link: { backgroundColor: colors.primarySoft },
  ghost: { backgroundColor: 'rgba(0,0,0,0.2)' },
});

const textStyles = StyleSheet.create({
  primary: { color: colors.onPrimary },
  secondary: { color: colors.primary },
  danger: { color: colors.onPrimary },
  link: { color: colors.primary, textDecorationLine: 'underline' },
  ghost: { color: colors.onPrimary },
});
