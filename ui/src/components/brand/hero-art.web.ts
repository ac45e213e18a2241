// The public pages' hero on the web: the SVG files' addresses (public/brand, made by
// scripts/brand-assets.js), short strings rather than asset modules in /login's first load.
import type { Art } from './art';
import { heroFile, lockupFile } from './web-files.generated';

export const lockup: Art = { name: 'lockup', source: lockupFile, width: 232, height: 70 };
export const heroPicture: Art = { name: 'hero', source: heroFile, width: 240, height: 160 };
