// The demo ribbon: on every page of the member app and the console while the server runs in demo
// mode (NGERN_MODE=demo, told by the active lookup), so that nobody takes simulated money for real.
import { useTranslation } from 'react-i18next';
import { StyleSheet } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, typeScale } from '@/components/ui/theme';
import { useServiceActive } from '@/lib/lookups';

/** DemoRibbon is in the locale's bundled bold font, as AppText is: a browser without a Thai system font draws no boxes. */
export function DemoRibbon() {
  const { t } = useTranslation();
  if (!useServiceActive().data?.demo) return null;
  return (
    <AppText testID="demo-ribbon" role="status" bold style={styles.ribbon}>
      {t('demo.ribbon')}
    </AppText>
  );
}

const styles = StyleSheet.create({
  ribbon: {
    backgroundColor: colors.warning,
    color: colors.onPrimary,
    fontSize: typeScale.small.fontSize,
    lineHeight: 18,
    paddingVertical: 2,
    textAlign: 'center',
  },
});
