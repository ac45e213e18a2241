// The carousel's strings live in their own namespace, added when the carousel's chunk loads, so
// that the member app's first load (the login page) does not carry them.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const bannerCarouselNs = 'bannerCarousel';

const bundles = { th, la, en };

for (const [lng, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lng, bannerCarouselNs)) i18n.addResourceBundle(lng, bannerCarouselNs, bundle, true, true);
}

/** useBannerCarouselT is useTranslation in the carousel's namespace. */
export function useBannerCarouselT() {
  return useTranslation(bannerCarouselNs);
}
