// On Android and iOS the video opens in the in-app browser (Custom Tabs, SFSafariViewController),
// which plays the MP4 with the system's controls; a path of this server (the bundled videos) is
// made absolute first (openLink). No video package is installed: expo-video would play it inline.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { openLink } from '@/lib/open-link';

import { useHowtoT } from '../i18n';

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useHowtoT();
  const { t: tm } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        title={tm('howto.openVideo')}
        accessibilityLabel={t('openLabel', { title })}
        onPress={() =>
          openLink(url).then(
            () => setFailed(false),
            () => setFailed(true),
          )
        }
      />
      {failed ? (
        <AppText variant="error" role="alert">
          {t('failed')}
        </AppText>
      ) : null}
    </>
  );
}
