// On the web a real <select> keeps the native combobox role and keyboard behaviour.
import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import type { SelectProps } from './select-types';
import { AppText } from './text';
import { colors, radius, spacing, touchTarget, typeScale } from './theme';

export type { SelectOption, SelectProps } from './select-types';

export function Select({ label, value, options, onChange, placeholder, error, disabled }: SelectProps) {
  const { i18n } = useTranslation();
  return (
    <View style={styles.wrap}>
      <AppText variant="label">{label}</AppText>
      <select
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        style={{
          minHeight: touchTarget,
          padding: `${spacing.sm}px ${spacing.md}px`,
          borderRadius: radius.sm,
          border: `1px solid ${error ? colors.danger : colors.border}`,
          backgroundColor: colors.surface,
          color: colors.text,
          fontSize: typeScale.input.fontSize,
          fontFamily: fontFamily(i18n.language, false),
        }}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { gap: spacing.xs } });
