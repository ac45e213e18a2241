// Made by scripts/brand-assets.js (npm run brand): the brand pictures' addresses on the web,
// copies in public/brand under content-hashed names. Do not edit.
export const logoFile = '/brand/logo.4645dcf638.svg';
export const lockupFile = '/brand/lockup.6cce2e4c9b.svg';
export const lockupLightFile = '/brand/lockup-light.88aaa323e1.svg';
export const heroFile = '/brand/hero.a605c36b46.svg';
