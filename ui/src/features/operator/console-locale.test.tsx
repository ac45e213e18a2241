import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import * as SecureStore from 'expo-secure-store';

import { LanguageSwitcher } from '@/components/language-switcher';
import i18n from '@/i18n';
import { clearOperatorToken } from '@/lib/operator-token';
import { readItem, storageKeys, writeItem } from '@/lib/storage';
import { renderWithProviders } from '@/testing/render';

import { ConsoleShell } from './components/console-shell';
import { changeConsoleLocale, consoleLocale } from './console-locale';

jest.mock('expo-router', () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  usePathname: () => '/operator',
  useLocalSearchParams: () => ({}),
  Redirect: () => null,
  Slot: () => null,
}));

const switchTo = (locale: string) => i18n.t('language.switchTo', { name: i18n.t(`language.${locale}`) });
const localeWrites = () => (SecureStore.setItemAsync as jest.Mock).mock.calls.filter(([key]) => key === storageKeys.locale);

describe('console language', () => {
  beforeEach(async () => {
    clearOperatorToken();
    // The member app on this device was set to Thai.
    writeItem(storageKeys.locale, 'th');
    await i18n.changeLanguage('th');
    (SecureStore.setItemAsync as jest.Mock).mockClear();
  });

  it("switching the console's language leaves the member app's saved language as it was", async () => {
    const view = renderWithProviders(<ConsoleShell>{null}</ConsoleShell>);
    fireEvent.press(screen.getByRole('button', { name: switchTo('en') }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(consoleLocale()).toBe('en');
    expect(readItem(storageKeys.locale)).toBe('th');
    expect(localeWrites()).toEqual([]);

    // Leaving the console gives the member app its language back…
    view.unmount();
    await waitFor(() => expect(i18n.language).toBe('th'));
    // …and the console opens in its own again.
    renderWithProviders(<ConsoleShell>{null}</ConsoleShell>);
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(readItem(storageKeys.locale)).toBe('th');
  });

  it("the member app's switcher still saves the member's language", async () => {
    act(() => changeConsoleLocale('en'));
    await act(() => i18n.changeLanguage('th'));
    renderWithProviders(<LanguageSwitcher />);
    fireEvent.press(screen.getByRole('button', { name: switchTo('en') }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(readItem(storageKeys.locale)).toBe('en');
    expect(localeWrites()).toEqual([[storageKeys.locale, 'en']]);
  });
});
