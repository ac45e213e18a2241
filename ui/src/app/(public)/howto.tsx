import { useTranslation } from 'react-i18next';

import { Hero } from '@/components/brand/hero';
import { Screen } from '@/components/screen';
import { HowtoList } from '@/features/howto/components/howto-list';

export default function HowtoScreen() {
  const { t } = useTranslation();
  return (
    <Screen header={<Hero />} title={t('howto.title')}>
      <HowtoList />
    </Screen>
  );
}
