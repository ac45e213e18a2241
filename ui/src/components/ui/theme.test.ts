import { StyleSheet } from 'react-native';

import { contrast } from '@/testing/contrast';

import { pressedStyles } from './button';
import { colors, typeScale } from './theme';

describe('colour tokens', () => {
  it.each([
    ['success chip', colors.success, colors.successSoft],
    ['failed chip', colors.danger, colors.dangerSoft],
    ['in-progress chip', colors.warning, colors.warningSoft],
    ['neutral chip', colors.muted, colors.neutralSoft],
    ['cancelled chip', colors.text, colors.background],
    ['primary button', colors.onPrimary, colors.primary],
    ['pressed primary button', colors.onPrimary, colors.primaryDark],
    ['danger button', colors.onPrimary, colors.danger],
    ['pressed danger button', colors.onPrimary, colors.dangerDark],
    ['secondary button', colors.primary, colors.surface],
    ['pressed secondary button', colors.primary, colors.primarySoft],
    ['muted text', colors.muted, colors.surface],
    ['language on the member bar', colors.onPrimary, colors.primaryDark],
    ['selected language on the member bar', colors.onPrimary, colors.primary],
    ['language on the console bar', colors.onPrimary, colors.primary],
    ['selected language on the console bar', colors.onPrimary, colors.primaryDark],
    ['demo ribbon', colors.onPrimary, colors.warning],
    ['toasts', colors.onPrimary, colors.success],
    ['information toast', colors.onPrimary, colors.primaryDark],
    ['chat header status', colors.onPrimaryMuted, colors.primary],
    ['own chat message', colors.text, colors.bubbleMine],
    ['chat system note', colors.text, colors.bubbleSystem],
    ['chat alert', colors.danger, colors.dangerSoft],
    ['hero tagline', colors.primaryDark, colors.surface],
  ])('%s reaches 4.5:1', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps one palette: every colour token is a hex colour or the overlay', () => {
    for (const [name, value] of Object.entries(colors)) {
      expect([name, /^#[0-9a-f]{6}$/.test(value) || name === 'overlay']).toEqual([name, true]);
    }
  });

  it('steps the type scale up, each line taller than its letters', () => {
    const steps = Object.values(typeScale);
    for (const step of steps) expect(step.lineHeight).toBeGreaterThan(step.fontSize);
    const sizes = steps.map((s) => s.fontSize);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
  });

  it('darkens a pressed button rather than fading it', () => {
    expect(StyleSheet.flatten(pressedStyles.primary)).toEqual({ backgroundColor: colors.primaryDark });
    expect(StyleSheet.flatten(pressedStyles.danger)).toEqual({ backgroundColor: colors.dangerDark });
    for (const style of Object.values(pressedStyles)) expect(StyleSheet.flatten(style)).not.toHaveProperty('opacity');
  });
});
