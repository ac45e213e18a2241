import { useTranslation } from 'react-i18next';
import { ActivityIndicator, StyleSheet, View } from 'react-native';

import { colors, spacing } from './ui/theme';

/** LazyFallback is shown while the code of a lazily loaded screen arrives. */
export function LazyFallback() {
  const { t } = useTranslation();
  return (
    <View style={styles.wrap} accessibilityLabel={t('common.loading')}>
      <ActivityIndicator color={colors.primary} />
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { padding: spacing.xl, alignItems: 'center' } });
