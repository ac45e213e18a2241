import { StyleSheet } from 'react-native';

import { contrast } from '@/testing/contrast';

import { pressedStyles } from './button';
import { colors } from './theme';

describe('colour tokens', () => {
  it.each([
    ['success chip', colors.success, colors.successSoft],
    ['failed chip', colors.danger, colors.dangerSoft],
    ['in-progress chip', colors.warning, colors.warningSoft],
    ['neutral chip', colors.muted, colors.neutralSoft],
    ['cancelled chip', colors.text, colors.background],
    ['primary button', '#ffffff', colors.primary],
    ['pressed primary button', '#ffffff', colors.primaryDark],
    ['danger button', '#ffffff', colors.danger],
    ['pressed danger button', '#ffffff', colors.dangerDark],
    ['secondary button', colors.primary, colors.surface],
    ['pressed secondary button', colors.primary, colors.primarySoft],
    ['muted text', colors.muted, colors.surface],
    ['language on the member bar', '#ffffff', colors.primaryDark],
    ['selected language on the member bar', '#ffffff', colors.primary],
    ['language on the console bar', '#ffffff', colors.primary],
    ['selected language on the console bar', '#ffffff', colors.primaryDark],
  ])('%s reaches 4.5:1', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a pressed button rather than fading it', () => {
    expect(StyleSheet.flatten(pressedStyles.primary)).toEqual({ backgroundColor: colors.primaryDark });
    expect(StyleSheet.flatten(pressedStyles.danger)).toEqual({ backgroundColor: colors.dangerDark });
    for (const style of Object.values(pressedStyles)) expect(StyleSheet.flatten(style)).not.toHaveProperty('opacity');
  });
});
