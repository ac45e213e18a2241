import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { changeLocale, locales, type Locale } from '@/i18n';

import { AppText } from './ui/text';
import { colors, radius, spacing, touchTarget } from './ui/theme';

/**
 * LanguageSwitcher offers th, la and en; each button names its language. A press saves the member
 * app's language (changeLocale) unless onChange says otherwise (the console keeps its own). tone is
 * the background it sits on: light, the member bar (primaryDark) or the console's bar (primary);
 * on a green bar the selected language is white on the other green, 4.5:1 either way (theme.test.ts).
 */
export function LanguageSwitcher({
  tone = 'light',
  onChange = changeLocale,
}: {
  tone?: 'light' | 'dark' | 'primary';
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
            style={[styles.item, active && selected[tone]]}
          >
            <AppText
              variant="caption"
              bold={active}
              style={{ color: tone !== 'light' ? colors.onPrimary : active ? colors.primary : colors.muted }}
            >
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
});

// Solid tokens, not a translucent white over the bar: white on such a tint over primary was 3.81:1.
const selected = StyleSheet.create({
  light: { backgroundColor: colors.primarySoft },
  dark: { backgroundColor: colors.primary },
  primary: { backgroundColor: colors.primaryDark },
});
