// The brand pictures on Android and iOS: PNG copies drawn from the SVG sources by
// scripts/brand-assets.js (React Native's Image cannot draw SVG). The web takes the SVG files
// themselves (pictures.web.ts). Sizes are the drawings' own, in px.
import type { ImageSourcePropType } from 'react-native';

export type BrandPictureName = 'logo' | 'lockup' | 'lockupLight' | 'hero';

export const brandPictures: Record<BrandPictureName, { source: ImageSourcePropType; width: number; height: number }> = {
  logo: { source: require('../../../assets/brand/png/logo.png'), width: 64, height: 64 },
  lockup: { source: require('../../../assets/brand/png/lockup.png'), width: 232, height: 70 },
  lockupLight: { source: require('../../../assets/brand/png/lockup-light.png'), width: 232, height: 70 },
  hero: { source: require('../../../assets/brand/png/hero.png'), width: 240, height: 160 },
};
