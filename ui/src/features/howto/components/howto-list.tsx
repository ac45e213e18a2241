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

/** HowtoList shows the five how-to videos under the operator's titles (the info lookup); each opens in a modal. */
export function HowtoList() {
  const { t } = useTranslation();
  const info = useInfo();
  const [open, setOpen] = useState<HowtoVideoKey | null>(null);
  const titles = info.data?.howtoTitles ?? {};
  const url = open ? info.data?.howtoVideos?.[open] : null;
  const title = open ? (titles[open] ?? '') : '';

  return (
    <View style={styles.list}>
      {info.isLoading || info.isError ? (
        <QueryState isLoading={info.isLoading} isError={info.isError} onRetry={() => info.refetch()} />
      ) : null}
      {howtoVideos.map((key) =>
        titles[key] ? <Button key={key} variant="secondary" title={titles[key]} onPress={() => setOpen(key)} /> : null,
      )}
      <AppModal visible={open !== null} title={title} onClose={() => setOpen(null)}>
        {info.isLoading ? <QueryState isLoading isError={false} /> : null}
        {!info.isLoading && url ? <VideoPlayer url={url} title={title} /> : null}
        {!info.isLoading && !url ? <AppText>{t('howto.notAvailable')}</AppText> : null}
      </AppModal>
    </View>
  );
}

const styles = StyleSheet.create({ list: { gap: spacing.md } });
