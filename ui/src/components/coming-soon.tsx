import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { Screen } from './screen';
import { AppText } from './ui/text';
import { colors, radius, spacing } from './ui/theme';

/** ComingSoon is the honest state of a page that a later release fills. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Screen title={title}>
      <View style={styles.card}>
        <AppText variant="heading">{t('comingSoon.title')}</AppText>
        <AppText variant="caption">{t('comingSoon.message')}</AppText>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  card: { backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.xl, gap: spacing.sm, alignItems: 'center' },
});
