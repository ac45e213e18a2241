import { useRouter } from 'expo-router';
import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Screen title={t('notFound.title')}>
      <AppText>{t('notFound.message')}</AppText>
      <Button accessibilityRole="link" title={t('notFound.home')} onPress={() => router.replace('/')} />
    </Screen>
  );
}
