import { useState } from 'react';
import { Image, StyleSheet, View } from 'react-native';

import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { radius, spacing } from '@/components/ui/theme';
import { serverUrl } from '@/lib/config';

import type { Banner } from '../api/rewards';
import { useRewardsT } from '../i18n';

/**
 * Banners shows a program's carousel one banner (image and html) at a time with previous and
 * next. (The bonus page has its own: features do not import each other, so that no module is
 * shared by two lazy chunks and hoisted into the chunk every page loads.)
 */
export function Banners({ banners }: { banners: Banner[] }) {
  const { t } = useRewardsT();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const i = Math.min(index, banners.length - 1);
  const banner = banners[i];
  return (
    <View style={styles.wrap}>
      {banner.image ? (
        <Image source={{ uri: serverUrl(banner.image) }} style={styles.image} resizeMode="contain" aria-hidden />
      ) : null}
      {banner.html ? <HtmlContent html={banner.html} /> : null}
      {banners.length > 1 ? (
        <View style={styles.nav}>
          <Button title="‹" variant="secondary" accessibilityLabel={t('bannerPrevious')} disabled={i === 0} onPress={() => setIndex(i - 1)} />
          <AppText variant="caption">{t('bannerOf', { current: i + 1, total: banners.length })}</AppText>
          <Button
            title="›"
            variant="secondary"
            accessibilityLabel={t('bannerNext')}
            disabled={i === banners.length - 1}
            onPress={() => setIndex(i + 1)}
          />
        </View>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.sm },
  image: { width: '100%', aspectRatio: 16 / 9, borderRadius: radius.md },
  nav: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
});
