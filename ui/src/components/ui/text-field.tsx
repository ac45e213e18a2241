import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleSheet, TextInput, View, type TextInputProps } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import { AppText } from './text';
import { colors, radius, spacing, touchTarget } from './theme';

export type TextFieldProps = TextInputProps & {
  label: string;
  error?: string | null;
  /** upperCase forces what is typed to upper case. */
  upperCase?: boolean;
};

/** TextField is a labelled text input; its label is also its accessible name. */
export const TextField = forwardRef<TextInput, TextFieldProps>(function TextField(
  { label, error, upperCase, onChangeText, style, editable = true, ...rest },
  ref,
) {
  const { i18n } = useTranslation();
  return (
    <View style={styles.wrap}>
      <AppText variant="label">
        {label}
      </AppText>
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
          style,
        ]}
        {...rest}
        autoCapitalize={upperCase ? 'characters' : rest.autoCapitalize}
      />
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
  input: {
    minHeight: touchTarget,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: radius.sm,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm,
    backgroundColor: colors.surface,
    color: colors.text,
    fontSize: 16,
  },
  readOnly: { backgroundColor: colors.background, color: colors.muted },
  invalid: { borderColor: colors.danger },
});
