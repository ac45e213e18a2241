// The banner carousel of the bonus page (features/bonus) and of the invite and cashback flows
// (features/rewards). Both reach it only through a dynamic import (components/
// load-banner-carousel.ts), so that it is a chunk of its own: a module that two chunks import
// would be hoisted into the shared chunk that every page, /login included, loads (docs/ui.md,
// route splitting; boundary.test.ts keeps it so).
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { radius, spacing } from '@/components/ui/theme';
import { serverUrl } from '@/lib/config';

import { useBannerCarouselT } from './i18n';

/** CarouselBanner is what the carousel shows of a banner: a picture (link or server path) and html. */
export type CarouselBanner = { image: string; html: string };

/** BannerCarousel shows one banner (image and html) at a time with previous and next. */
export function BannerCarousel({ banners }: { banners: CarouselBanner[] }) {
  const { t } = useBannerCarouselT();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const i = Math.min(index, banners.length - 1);
  const banner = banners[i];
  return (
    <View style={styles.wrap}>
      {banner.image ? <Picture source={{ uri: serverUrl(banner.image) }} style={styles.image} resizeMode="contain" aria-hidden /> : null}
      {banner.html ? <HtmlContent html={banner.html} /> : null}
      {banners.length > 1 ? (
        <View style={styles.nav}>
          <Button title="‹" variant="secondary" accessibilityLabel={t('previous')} disabled={i === 0} onPress={() => setIndex(i - 1)} />
          <AppText variant="caption">{t('position', { current: i + 1, total: banners.length })}</AppText>
          <Button
            title="›"
            variant="secondary"
            accessibilityLabel={t('next')}
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
