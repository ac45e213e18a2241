// The brand pictures on Android and iOS: PNG copies drawn by scripts/brand-assets.js (React
// Native's Image draws no SVG), and the drawings' own sizes in px. The web's are
// brand-files.web.ts (made by the script).
export const brandFiles = {
  logo: { source: require('../../../assets/brand/png/logo.png'), width: 64, height: 64 },
  lockup: { source: require('../../../assets/brand/png/lockup.png'), width: 232, height: 70 },
  lockupLight: { source: require('../../../assets/brand/png/lockup-light.png'), width: 232, height: 70 },
  hero: { source: require('../../../assets/brand/png/hero.png'), width: 240, height: 160 },
};
