import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';
import { slot } from '@/testing/wallet-fixture';

import { GameAccountDialog } from './game-account-dialog';

jest.mock('@/lib/clipboard', () => ({ copyText: jest.fn(async () => true) }));
jest.mock('@/lib/open-link', () => ({
  openLink: jest.fn(async () => undefined),
  openLinkFrom: jest.fn(async (get: () => Promise<string>) => {
    await get();
  }),
}));

const clipboard = jest.requireMock('@/lib/clipboard') as { copyText: jest.Mock };
const siam = slot({ code: 'SIAMSLOT', name: 'Siam Slot', isActive: true, amount: 250.5, ftWalletSlot: 2 });
const credentials = { 'GET /api/wallet/account/SIAMSLOT': { body: { username: 'ngm100', password: 'pw-1' } } };

describe('GameAccountDialog', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  const open = (onSaved = jest.fn()) => renderWithProviders(<GameAccountDialog slot={siam} onClose={jest.fn()} onSaved={onSaved} />);
  const disabled = (name: string) => screen.getByRole('button', { name }).props.accessibilityState.disabled;

  it('shows the balance and the game credit, and the credentials', async () => {
    mockApi(credentials);
    open();
    expect(await screen.findByText('ngm100')).toBeTruthy();
    expect(screen.getByText('250.50')).toBeTruthy();
    expect(screen.getByText('501.00')).toBeTruthy();
  });

  it('keeps transfer in and out disabled while the amount is 0 or empty', async () => {
    mockApi(credentials);
    open();
    await screen.findByText('ngm100');
    expect(disabled('Transfer in')).toBe(true);
    expect(disabled('Transfer out')).toBe(true);
    fireEvent.changeText(screen.getByLabelText('Amount'), '0');
    expect(disabled('Transfer in')).toBe(true);
    fireEvent.changeText(screen.getByLabelText('Amount'), '0.00');
    expect(disabled('Transfer out')).toBe(true);
    fireEvent.changeText(screen.getByLabelText('Amount'), '20');
    expect(disabled('Transfer in')).toBe(false);
    expect(disabled('Transfer out')).toBe(false);
  });

  it('transfers in and out with the game code', async () => {
    const onSaved = jest.fn();
    const calls = mockApi({ ...credentials, 'POST /api/wallet/transfer': { body: { message: 'SUCCESS', wallet: { amount: 980 } } } });
    open(onSaved);
    await screen.findByText('ngm100');
    fireEvent.changeText(screen.getByLabelText('Amount'), '20');
    fireEvent.press(screen.getByRole('button', { name: 'Transfer in' }));
    expect(await screen.findByText('Transfer done. The amount will refresh shortly.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Amount'), '5');
    fireEvent.press(screen.getByRole('button', { name: 'Transfer out' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { from: 'WALLET', to: 'SIAMSLOT', amount: 20 },
      { from: 'SIAMSLOT', to: 'WALLET', amount: 5 },
    ]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('copies the username and says so', async () => {
    mockApi(credentials);
    open();
    await screen.findByText('ngm100');
    fireEvent.press(screen.getByRole('button', { name: 'Copy username' }));
    expect(await screen.findByText('Copied: ngm100')).toBeTruthy();
    clipboard.copyText.mockResolvedValueOnce(false);
    fireEvent.press(screen.getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
  });

  it('resets the password after confirming and reloads the credentials', async () => {
    let password = 'pw-1';
    const calls = mockApi({
      'GET /api/wallet/account/SIAMSLOT': () => ({ body: { username: 'ngm100', password } }),
      'GET /api/wallet/resetpassword/SIAMSLOT': () => {
        password = 'pw-2';
        return { body: { username: 'ngm100', password } };
      },
    });
    open();
    await screen.findByText('pw-1');
    fireEvent.press(screen.getByRole('button', { name: 'Reset password' }));
    // Nothing is reset before the member confirms; cancelling keeps the password.
    expect(screen.getByText('Reset the password of this game? The current password stops working.')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/wallet/resetpassword/SIAMSLOT')).toBe(false);
    fireEvent.press(screen.getByRole('button', { name: 'Reset password' }));
    fireEvent.press(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(await screen.findByText('pw-2')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/wallet/account/SIAMSLOT')).toHaveLength(2));
  });

  it('plays through the auto-login link', async () => {
    const calls = mockApi({ ...credentials, 'GET /api/autoLogin/SIAMSLOT/ngm100': { body: { link: '/sim/play/x' } } });
    open();
    await screen.findByText('ngm100');
    fireEvent.press(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/autoLogin/SIAMSLOT/ngm100'));
  });
});
