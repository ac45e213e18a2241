// The demo ribbon: on every page of the member app and the console while the server runs in demo
// mode (NGERN_MODE=demo, told by the active lookup), so that nobody takes simulated money for real.
import { useTranslation } from 'react-i18next';
import { StyleSheet, Text } from 'react-native';

import { colors } from '@/components/ui/theme';
import { useServiceActive } from '@/lib/lookups';

export function DemoRibbon() {
  const { t } = useTranslation();
  if (!useServiceActive().data?.demo) return null;
  return (
    <Text testID="demo-ribbon" role="status" style={styles.ribbon}>
      {t('demo.ribbon')}
    </Text>
  );
}

const styles = StyleSheet.create({
  ribbon: { backgroundColor: colors.warning, color: '#fff', fontSize: 12, fontWeight: '600', paddingVertical: 2, textAlign: 'center' },
});
