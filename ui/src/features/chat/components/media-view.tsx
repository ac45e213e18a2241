import { useEffect, useState } from 'react';
import { useChatT } from '../i18n';
import { ActivityIndicator, Image, Platform, Pressable, StyleSheet } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius } from '@/components/ui/theme';

import { mediaHeaders, mediaUrl, type Identity } from '../api/chat-api';

type Props = { path?: string; previewUri?: string; fileType?: string; name?: string; identity: Identity | null };

/**
 * MediaView shows a chat image, or a link to a video. Media is not public: on the web it is
 * fetched with the caller's token and shown from a blob; native images send the headers.
 */
export function MediaView({ path, previewUri, fileType, name, identity }: Props) {
  const { t } = useChatT();
  const [uri, setUri] = useState<string | null>(previewUri ?? null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (previewUri || !path || !identity || Platform.OS !== 'web') return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetch(mediaUrl(path), { headers: mediaHeaders(identity) })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setUri(url);
      })
      .catch(() => !cancelled && setBroken(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [identity, path, previewUri]);

  if (broken) return <AppText variant="caption">{t('chat.mediaUnavailable')}</AppText>;
  if (fileType === 'video') {
    return (
      <Pressable
        accessibilityRole="link"
        disabled={!uri}
        onPress={() => uri && Platform.OS === 'web' && window.open(uri, '_blank', 'noopener')}
      >
        <AppText style={styles.link}>{t('chat.video', { name: name ?? '' })}</AppText>
      </Pressable>
    );
  }
  const source =
    Platform.OS === 'web' || !path || previewUri
      ? uri
        ? { uri }
        : null
      : identity
        ? { uri: mediaUrl(path), headers: mediaHeaders(identity) }
        : null;
  if (!source) return <ActivityIndicator color={colors.primary} />;
  return <Image source={source} style={styles.image} resizeMode="cover" accessibilityLabel={name || t('chat.image')} />;
}

const styles = StyleSheet.create({
  image: { width: 180, height: 180, borderRadius: radius.md, backgroundColor: colors.border },
  link: { color: colors.primary, textDecorationLine: 'underline' },
});
