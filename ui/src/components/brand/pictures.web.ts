// The brand pictures on the web: the SVG files of assets/brand, each a content-hashed file the
// page loads like any image (no JavaScript draws them). Sizes are the drawings' own, in px.
import type { BrandPictureName } from './pictures';

export type { BrandPictureName } from './pictures';

/** url is the address of an asset require on the web: a string, or an object with its uri. */
const url = (asset: string | { uri: string }) => (typeof asset === 'string' ? asset : asset.uri);

/* eslint-disable @typescript-eslint/no-require-imports -- Metro turns an asset require into its URL */
export const brandPictures: Record<BrandPictureName, { source: string; width: number; height: number }> = {
  logo: { source: url(require('../../../assets/brand/logo.svg')), width: 64, height: 64 },
  lockup: { source: url(require('../../../assets/brand/lockup.svg')), width: 232, height: 70 },
  lockupLight: { source: url(require('../../../assets/brand/lockup-light.svg')), width: 232, height: 70 },
  hero: { source: url(require('../../../assets/brand/hero.svg')), width: 240, height: 160 },
};
/* eslint-enable @typescript-eslint/no-require-imports */
