import type { ImageSourcePropType } from 'react-native';

/**
 * Art is one brand picture: its name (the test id `brand-<name>`), its source (a PNG copy on
 * Android and iOS, whose Image draws no SVG; the SVG file's address on the web) and the drawing's
 * own size in px. On the web the addresses are web-files.generated.ts (public/brand).
 */
export type Art = { name: string; source: ImageSourcePropType | string; width: number; height: number };
