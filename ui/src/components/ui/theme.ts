export const colors = {
  primary: '#0f764d',
  primaryDark: '#0a5437',
  gold: '#f4be2c',
  background: '#f3f6f4',
  surface: '#ffffff',
  text: '#1b2420',
  muted: '#5b6b63',
  border: '#d3ddd7',
  danger: '#c62828',
  /** dangerDark is a pressed danger button. */
  dangerDark: '#a31f1f',
  success: '#256b29',
  warning: '#a35a00',
  /** primarySoft is a pressed secondary button and a light selection. */
  primarySoft: '#e3efe9',
  // Status chips: the text colour on its soft background reaches 4.5:1 (theme.test.ts).
  successSoft: '#e3f3e6',
  dangerSoft: '#fbe4e4',
  warningSoft: '#fdf0dc',
  neutralSoft: '#e7ece9',
  overlay: 'rgba(0,0,0,0.45)',
};

/** touchTarget is the least height (and width) of anything pressed: 44 px, the WCAG target size. */
export const touchTarget = 44;

export const spacing = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 };

export const radius = { sm: 6, md: 10, lg: 16 };

/** contentMaxWidth keeps the phone layout on wide screens. */
export const contentMaxWidth = 520;

/** wideMaxWidth fits three 300 px game cards side by side (the home screen). */
export const wideMaxWidth = 3 * 300 + 2 * 16;
