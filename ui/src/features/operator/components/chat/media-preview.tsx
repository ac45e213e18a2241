import { useEffect, useState } from 'react';
import { Image, Platform, Pressable, StyleSheet } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius } from '@/components/ui/theme';

import { fetchMediaBlob } from '../../api/get-chat-media';
import { useOpT } from '../../i18n';

/** MediaPreview shows a chat picture, or a link to a video, read with the operator's token. */
export function MediaPreview({ path, fileType, name }: { path?: string; fileType?: string; name?: string }) {
  const { t } = useOpT();
  const [uri, setUri] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path || Platform.OS !== 'web') return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetchMediaBlob(path)
      .then((b) => {
        if (cancelled) return;
        url = URL.createObjectURL(b);
        setUri(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failed || !path) return <AppText variant="caption">{t('chat.mediaUnavailable')}</AppText>;
  if (!uri) return <AppText variant="caption">{t('chat.loadingMedia')}</AppText>;
  if (fileType === 'video') {
    return (
      <Pressable accessibilityRole="link" onPress={() => window.open(uri, '_blank', 'noopener')}>
        <AppText style={styles.link}>{t('chat.openVideo', { name: name ?? '' })}</AppText>
      </Pressable>
    );
  }
  return <Image source={{ uri }} style={styles.image} accessibilityLabel={name || t('chat.image')} />;
}

const styles = StyleSheet.create({
  image: { width: 200, height: 200, borderRadius: radius.sm },
  link: { color: colors.primary, textDecorationLine: 'underline' },
});
