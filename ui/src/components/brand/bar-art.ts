// The member and console bars' pictures on Android and iOS: PNG copies drawn by scripts/brand-assets.js.
import type { Art } from './art';

export const logo: Art = { name: 'logo', source: require('../../../assets/brand/png/logo.png'), width: 64, height: 64 };
export const lockupLight: Art = {
  name: 'lockupLight',
  source: require('../../../assets/brand/png/lockup-light.png'),
  width: 232,
  height: 70,
};
