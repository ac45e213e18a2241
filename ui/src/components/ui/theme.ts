// The brand's colours and type scale: the one home of every colour and text size the app draws
// (docs/ui.md "Brand", where each token's use is listed). The colours are palette.json, which
// app.config.ts (icon and splash backgrounds, the web's theme colour) and scripts/brand-assets.js
// read too; the brand pictures in assets/brand use only its values (brand.test.ts), and
// theme.test.ts checks the contrast of every pair of tokens the app draws.
import palette from './palette.json';

export const colors = {
  ...palette,
  overlay: 'rgba(0,0,0,0.45)',
};

/**
 * typeScale is the type scale (font size and line height, in px): AppText's variants and every other
 * text size. Thai and Lao need the tall line heights (marks above and below the letters).
 */
export const typeScale = {
  /** display: the home's total balance. */
  display: { fontSize: 32, lineHeight: 42 },
  /** title: a page's level-1 heading. */
  title: { fontSize: 22, lineHeight: 32 },
  /** heading: section headings, the bars' names, amounts on cards. */
  heading: { fontSize: 18, lineHeight: 26 },
  /** input: what a member types (16 px keeps phone browsers from zooming in). */
  input: { fontSize: 16, lineHeight: 22 },
  /** body: running text. */
  body: { fontSize: 15, lineHeight: 22 },
  /** label: field labels, tiles and the hero's tagline. */
  label: { fontSize: 14, lineHeight: 20 },
  /** caption: hints, errors and table notes. */
  caption: { fontSize: 13, lineHeight: 18 },
  /** small: the bottom menu, the demo ribbon, details in the console. */
  small: { fontSize: 12, lineHeight: 16 },
  /** micro: a chat message's time, a slip's code. */
  micro: { fontSize: 11, lineHeight: 14 },
} as const;

/** touchTarget is the least height (and width) of anything pressed: 44 px, the WCAG target size. */
export const touchTarget = 44;

export const spacing = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 };

export const radius = { sm: 6, md: 10, lg: 16 };

/** contentMaxWidth keeps the phone layout on wide screens. */
export const contentMaxWidth = 520;

/** wideMaxWidth fits three 300 px game cards side by side (the home screen). */
export const wideMaxWidth = 3 * 300 + 2 * 16;
