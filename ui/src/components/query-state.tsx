import { useTranslation } from 'react-i18next';
import { ActivityIndicator, StyleSheet, View } from 'react-native';

import { Button } from './ui/button';
import { AppText } from './ui/text';
import { colors, spacing } from './ui/theme';

type Props = { isLoading: boolean; isError: boolean; onRetry?: () => void };

/** QueryState shows loading, or a translated failure with a retry button. */
export function QueryState({ isLoading, isError, onRetry }: Props) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <View style={styles.wrap} accessibilityLabel={t('common.loading')}>
        <ActivityIndicator color={colors.primary} />
      </View>
    );
  }
  if (isError) {
    return (
      <View style={styles.wrap}>
        <AppText variant="error">{t('common.loadFailed')}</AppText>
        {onRetry ? <Button variant="secondary" title={t('common.retry')} onPress={onRetry} /> : null}
      </View>
    );
  }
  return null;
}

const styles = StyleSheet.create({ wrap: { alignItems: 'center', gap: spacing.md, padding: spacing.lg } });
