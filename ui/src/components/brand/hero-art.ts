// The public pages' hero on Android and iOS: PNG copies drawn by scripts/brand-assets.js.
import type { Art } from './art';

export const lockup: Art = { name: 'lockup', source: require('../../../assets/brand/png/lockup.png'), width: 232, height: 70 };
export const heroPicture: Art = { name: 'hero', source: require('../../../assets/brand/png/hero.png'), width: 240, height: 160 };
