import { act, render, screen } from '@testing-library/react-native';
import { StyleSheet } from 'react-native';

import i18n from '@/i18n';

import { LanguageSwitcher } from './language-switcher';
import { colors, touchTarget } from './ui/theme';

describe('LanguageSwitcher', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en')));
  afterAll(() => act(() => i18n.changeLanguage('th')));

  test.each([
    // On a green bar the selected language is white on the other, solid green, pairs theme.test.ts
    // keeps at 4.5:1 (a translucent white tint over the console's bar was 3.81:1).
    ['dark', colors.primary],
    ['primary', colors.primaryDark],
    ['light', colors.primarySoft],
  ] as const)('marks the selected language with a solid theme colour (%s)', (tone, background) => {
    render(<LanguageSwitcher tone={tone} onChange={jest.fn()} />);
    const selected = StyleSheet.flatten(screen.getByRole('button', { name: 'Change language to English' }).props.style);
    expect(selected.backgroundColor).toBe(background);
    const other = StyleSheet.flatten(screen.getByRole('button', { name: 'Change language to ไทย' }).props.style);
    expect(other.backgroundColor).toBeUndefined();
  });

  it('makes every language button a 44 px target', () => {
    render(<LanguageSwitcher onChange={jest.fn()} />);
    for (const button of screen.getAllByRole('button')) {
      const style = StyleSheet.flatten(button.props.style);
      expect(style.minHeight).toBe(touchTarget);
      expect(style.minWidth).toBe(touchTarget);
    }
  });
});
