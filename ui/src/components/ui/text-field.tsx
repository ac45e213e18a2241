import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, TextInput, View, type TextInputProps } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import { AppText } from './text';
import { colors, radius, spacing, touchTarget, typeScale } from './theme';

export type TextFieldProps = TextInputProps & {
  label: string;
  error?: string | null;
  /** upperCase forces what is typed to upper case. */
  upperCase?: boolean;
};

/**
 * TextField is a labelled text input; its label is also its accessible name. A password field
 * (secureTextEntry) has a show/hide button at its end.
 */
export const TextField = forwardRef<TextInput, TextFieldProps>(function TextField(
  { label, error, upperCase, onChangeText, style, editable = true, secureTextEntry, ...rest },
  ref,
) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <View style={styles.wrap}>
      <AppText variant="label">{label}</AppText>
      <View style={styles.field}>
        <TextInput
          ref={ref}
          accessibilityLabel={label}
          aria-invalid={error ? true : undefined}
          editable={editable}
          placeholderTextColor={colors.muted}
          onChangeText={(text) => onChangeText?.(upperCase ? text.toUpperCase() : text)}
          style={[
            styles.input,
            { fontFamily: fontFamily(i18n.language, false) },
            !editable && styles.readOnly,
            error ? styles.invalid : null,
            secureTextEntry ? styles.withToggle : null,
            style,
          ]}
          {...rest}
          secureTextEntry={secureTextEntry && !shown}
          autoCapitalize={upperCase ? 'characters' : rest.autoCapitalize}
        />
        {secureTextEntry ? (
          <Pressable
            accessibilityRole="button"
            accessibilityLabel={t(shown ? 'common.hidePassword' : 'common.showPassword')}
            accessibilityState={{ selected: shown }}
            aria-pressed={shown}
            onPress={() => setShown((v) => !v)}
            style={styles.toggle}
          >
            <AppText variant="caption" bold style={styles.toggleText}>
              {t(shown ? 'common.hide' : 'common.show')}
            </AppText>
          </Pressable>
        ) : null}
      </View>
      {error ? (
        <AppText variant="error" accessibilityLiveRegion="polite" role="alert">
          {error}
        </AppText>
      ) : null}
    </View>
  );
});

const styles = StyleSheet.create({
  wrap: { gap: spacing.xs },
  field: { justifyContent: 'center' },
  withToggle: { paddingRight: 72 },
  toggle: {
    position: 'absolute',
    right: 0,
    top: 0,
    bottom: 0,
    minWidth: touchTarget,
    minHeight: touchTarget,
    paddingHorizontal: spacing.md,
    alignItems: 'center',
    justifyContent: 'center',
  },
  toggleText: { color: colors.primary },
  input: {
    minHeight: touchTarget,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: radius.sm,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm,
    backgroundColor: colors.surface,
    color: colors.text,
    fontSize: typeScale.input.fontSize,
  },
  readOnly: { backgroundColor: colors.background, color: colors.muted },
  invalid: { borderColor: colors.danger },
});
