import { useTranslation } from 'react-i18next';
import { View } from 'react-native';

import { ComingSoon } from '@/components/coming-soon';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';

export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <View style={{ flex: 1 }}>
      <ComingSoon title={t('comingSoon.home')} />
      <AgreementGate />
    </View>
  );
}
