// On Android and iOS the video opens in the system player or browser.
import { useTranslation } from 'react-i18next';
import { Linking } from 'react-native';

import { Button } from '@/components/ui/button';

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Button title={t('howto.openVideo')} accessibilityLabel={`${t('howto.openVideo')}: ${title}`} onPress={() => Linking.openURL(url)} />
  );
}
