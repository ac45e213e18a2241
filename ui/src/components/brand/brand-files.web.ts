// Made by scripts/brand-assets.js (npm run brand): the brand pictures on the web, copies in
// public/brand under content-hashed names, and their sizes. Do not edit.
export const brandFiles = {
  logo: { source: '/brand/logo.4645dcf638.svg', width: 64, height: 64 },
  lockup: { source: '/brand/lockup.6cce2e4c9b.svg', width: 232, height: 70 },
  lockupLight: { source: '/brand/lockup-light.88aaa323e1.svg', width: 232, height: 70 },
  hero: { source: '/brand/hero.a605c36b46.svg', width: 240, height: 160 },
};
