import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { AppText } from '@/components/ui/text';

export default function TerminatedScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('terminated.title')}>
      <AppText>{t('terminated.message')}</AppText>
    </Screen>
  );
}
