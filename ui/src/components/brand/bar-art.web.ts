// The member and console bars' pictures on the web: the SVG files' addresses (public/brand).
import type { Art } from './art';
import { lockupLightFile, logoFile } from './web-files.generated';

export const logo: Art = { name: 'logo', source: logoFile, width: 64, height: 64 };
export const lockupLight: Art = { name: 'lockupLight', source: lockupLightFile, width: 232, height: 70 };
