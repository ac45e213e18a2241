import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { changeLocale, locales, type Locale } from '@/i18n';

import { AppText } from './ui/text';
import { colors, radius, spacing, touchTarget } from './ui/theme';

/**
 * LanguageSwitcher offers th, la and en; each button names its language. A press saves the member
 * app's language (changeLocale) unless onChange says otherwise (the console keeps its own).
 */
export function LanguageSwitcher({
  tone = 'light',
  onChange = changeLocale,
}: {
  tone?: 'light' | 'dark';
  onChange?: (locale: Locale) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <View style={styles.row} role="group" aria-label={t('language.label')}>
      {locales.map((locale) => {
        const active = i18n.language === locale;
        const name = t(`language.${locale}`);
        return (
          <Pressable
            key={locale}
            accessibilityRole="button"
            accessibilityLabel={t('language.switchTo', { name })}
            accessibilityState={{ selected: active }}
            aria-pressed={active}
            onPress={() => onChange(locale)}
            style={[styles.item, active && (tone === 'dark' ? styles.activeDark : styles.activeLight)]}
          >
            <AppText variant="caption" bold={active} style={{ color: tone === 'dark' ? '#fff' : active ? colors.primary : colors.muted }}>
              {name}
            </AppText>
          </Pressable>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', gap: spacing.xs, alignItems: 'center' },
  item: {
    paddingHorizontal: spacing.sm,
    paddingVertical: spacing.xs,
    borderRadius: radius.sm,
    minHeight: touchTarget,
    minWidth: touchTarget,
    alignItems: 'center',
    justifyContent: 'center',
  },
  activeLight: { backgroundColor: colors.primarySoft },
  // White on a darker green: a light tint over the console's bar would fall under 4.5:1 (theme.test.ts).
  activeDark: { backgroundColor: colors.primaryDark },
});
