import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { BonusView } from '@/features/bonus/components/bonus-view';

export default function BonusScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('bonus.title')}>
      <BonusView />
    </Screen>
  );
}
