// On Android and iOS the video plays in the modal with the system's own controls (expo-video:
// ExoPlayer, AVPlayerViewController), named in the member's language. A bundled video shows its
// poster until the member presses it, which starts the video; a video that cannot be loaded or
// played says so. The web has its own player (video-player.web.tsx), which never loads expo-video.
import { useVideoPlayer, VideoView } from 'expo-video';
import { useEffect, useState } from 'react';
import { Image, Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius } from '@/components/ui/theme';
import { serverUrl } from '@/lib/config';

import { useHowtoT } from '../i18n';
import { posterFor } from '@/lib/howto-media';

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useHowtoT();
  const player = useVideoPlayer(serverUrl(url));
  const [failed, setFailed] = useState(false);
  const [started, setStarted] = useState(false);
  const poster = posterFor(url);

  useEffect(() => {
    const sub = player.addListener('statusChange', ({ status }) => {
      if (status === 'error') setFailed(true);
      else if (status === 'readyToPlay') setFailed(false);
    });
    return () => sub.remove();
  }, [player]);

  return (
    <>
      <View style={styles.frame}>
        <VideoView
          player={player}
          nativeControls
          contentFit="contain"
          accessibilityLabel={t('videoLabel', { title })}
          style={StyleSheet.absoluteFill}
        />
        {poster && !started ? (
          <Pressable
            accessibilityRole="button"
            accessibilityLabel={t('playLabel', { title })}
            onPress={() => {
              setStarted(true);
              player.play();
            }}
            style={[StyleSheet.absoluteFill, styles.poster]}
          >
            <Image source={{ uri: serverUrl(poster) }} resizeMode="contain" style={StyleSheet.absoluteFill} />
            <View style={styles.play}>
              <AppText style={styles.playMark}>▶</AppText>
            </View>
          </Pressable>
        ) : null}
      </View>
      {failed ? (
        <AppText variant="error" role="alert">
          {t('failed')}
        </AppText>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  // The recordings are a phone's screen (390x844).
  frame: {
    width: '100%',
    maxHeight: 480,
    aspectRatio: 390 / 844,
    alignSelf: 'center',
    backgroundColor: '#000',
    borderRadius: radius.sm,
    overflow: 'hidden',
  },
  poster: { alignItems: 'center', justifyContent: 'center', backgroundColor: '#000' },
  play: { width: 64, height: 64, borderRadius: 32, backgroundColor: colors.overlay, alignItems: 'center', justifyContent: 'center' },
  playMark: { color: '#fff', fontSize: 28, lineHeight: 32 },
});
