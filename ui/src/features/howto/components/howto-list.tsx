import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';
import { useInfo, type HowtoVideoKey } from '@/lib/lookups';

import { VideoPlayer } from './video-player';

export const howtoVideos: HowtoVideoKey[] = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'];

/** HowtoList shows the five how-to videos; each opens in a modal. */
export function HowtoList() {
  const { t } = useTranslation();
  const info = useInfo();
  const [open, setOpen] = useState<HowtoVideoKey | null>(null);
  const url = open ? info.data?.howtoVideos?.[open] : null;
  const title = open ? t(`howto.videos.${open}`) : '';

  return (
    <View style={styles.list}>
      {howtoVideos.map((key) => (
        <Button key={key} variant="secondary" title={t(`howto.videos.${key}`)} onPress={() => setOpen(key)} />
      ))}
      <AppModal visible={open !== null} title={title} onClose={() => setOpen(null)}>
        {info.isLoading ? <QueryState isLoading isError={false} /> : null}
        {!info.isLoading && url ? <VideoPlayer url={url} title={title} /> : null}
        {!info.isLoading && !url ? <AppText>{t('howto.notAvailable')}</AppText> : null}
      </AppModal>
    </View>
  );
}

const styles = StyleSheet.create({ list: { gap: spacing.md } });
