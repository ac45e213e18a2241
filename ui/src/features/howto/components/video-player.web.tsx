// On the web the video plays inline with the browser's own controls (H.264 MP4: every browser the
// app supports plays it). A bundled video shows its poster until it plays (posterFor), any other its
// own first frame (preload="metadata").
import { useState } from 'react';

import { AppText } from '@/components/ui/text';
import { serverUrl } from '@/lib/config';

import { useHowtoT } from '../i18n';
import { posterFor } from '@/lib/howto-media';

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useHowtoT();
  const [failed, setFailed] = useState(false);
  const poster = posterFor(url);
  return (
    <>
      <video
        key={url}
        src={serverUrl(url)}
        poster={poster ? serverUrl(poster) : undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('videoLabel', { title })}
        onError={() => setFailed(true)}
        onLoadedMetadata={() => setFailed(false)}
        style={{ width: '100%', maxHeight: '60vh', aspectRatio: '390 / 844', backgroundColor: '#000', borderRadius: 8 }}
      />
      {failed ? (
        <AppText variant="error" role="alert">
          {t('failed')}
        </AppText>
      ) : null}
    </>
  );
}
