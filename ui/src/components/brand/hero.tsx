import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { AppText } from '../ui/text';
import { colors, radius, spacing } from '../ui/theme';

import { BrandPicture } from './brand-picture';

/**
 * Hero opens the public pages (login, register, how-to, contact): the lock-up, the tagline and
 * the brand's picture. Pictures and text only, so the pre-rendered page paints it without
 * JavaScript.
 */
export function Hero() {
  const { t } = useTranslation();
  return (
    <View style={styles.hero} testID="hero">
      <View style={styles.words}>
        <BrandPicture name="lockup" height={40} alt={t('app.name')} />
        <AppText variant="label" style={styles.tagline}>
          {t('app.tagline')}
        </AppText>
      </View>
      <BrandPicture name="hero" height={80} />
    </View>
  );
}

const styles = StyleSheet.create({
  hero: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.md,
    padding: spacing.md,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.surface,
  },
  words: { flex: 1, gap: spacing.sm },
  tagline: { color: colors.primaryDark },
});
