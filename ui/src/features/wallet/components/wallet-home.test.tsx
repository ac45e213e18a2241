import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { readItem, storageKeys } from '@/lib/storage';
import { labelHasShownText } from '@/testing/label-in-name';
import { mockApi, renderWithProviders, routerMock } from '@/testing/render';
import { walletAnswer } from '@/testing/wallet-fixture';

import { WalletHome } from './wallet-home';

describe('WalletHome', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the shape of the home while the wallet loads, then the wallet', async () => {
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    expect(screen.getByTestId('wallet-skeleton')).toBeTruthy();
    await screen.findByRole('button', { name: 'Game account Mekong Fortune' });
    expect(screen.queryByTestId('wallet-skeleton')).toBeNull();
  });

  it('refreshes the games on load and shows the total of the wallet and every game', async () => {
    const calls = mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    // 1000 + 250.50 + 100.25 + 0
    expect(await screen.findByText('1,350.75 THB')).toBeTruthy();
    // The wallet (refreshing every game), and once the balances are painted whether a bonus is
    // active (it only adds a caption).
    expect(calls.map((c) => `${c.method} ${c.path}`)[0]).toBe('GET /api/wallet/refresh/slot');
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /api/bonus/check/active', 'GET /api/wallet/refresh/slot']),
    );
    expect(readItem(storageKeys.lastSync)).not.toBeNull();
    expect(screen.getByText('Hello, Demo Player')).toBeTruthy();
    expect(screen.getByText('12.50 THB')).toBeTruthy();
    expect(screen.getByText('3 coins')).toBeTruthy();
  });

  it('shows each active game balance and the balance × ftWalletSlot', async () => {
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    const mekong = await screen.findByRole('button', { name: 'Game account Mekong Fortune' });
    expect(mekong).toBeTruthy();
    expect(screen.getByText('100.25')).toBeTruthy();
    expect(screen.getByText('50.13')).toBeTruthy(); // 100.25 × 0.5, 2 decimals
    expect(screen.getAllByText('250.50')).toHaveLength(2); // factor 1
    expect(screen.getByRole('button', { name: 'Open account Muay Sports' })).toBeTruthy();
  });

  it('names every widget by its label, then its caption (label in name), none disabled', async () => {
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    await screen.findByRole('button', { name: 'Spin wheel, 3 coins' });
    for (const name of [
      'Spin wheel, 3 coins',
      'Deposit',
      'Withdraw',
      'Invite friends',
      'Bonus conditions',
      'Refund',
      'Bonus',
      'Receive invite bonus',
    ]) {
      const tile = screen.getByRole('button', { name });
      expect(tile.props.accessibilityState?.disabled).toBeFalsy();
      expect(labelHasShownText(tile)).toBe(true);
    }
  });

  it('asks for the conditions from the conditions widget', async () => {
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    const openConditions = jest.fn();
    renderWithProviders(<WalletHome onOpenConditions={openConditions} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Bonus conditions' }));
    expect(openConditions).toHaveBeenCalledTimes(1);
  });

  it('opens the bonus page from the bonus widget, which shows the active bonus', async () => {
    mockApi({
      'GET /api/wallet/refresh/slot': { body: walletAnswer() },
      'GET /api/bonus/check/active': { body: { status: true, type: 'day' } },
    });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    expect(await screen.findByText('Active: Daily bonus')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Bonus' }));
    expect(routerMock().push).toHaveBeenCalledWith('/user/bonus');
  });

  it('opens an account, then reloads the wallet and the credentials', async () => {
    let active = false;
    const answer = () => {
      const data = walletAnswer();
      data.slots[2].isActive = active;
      return { body: data };
    };
    const calls = mockApi({
      'GET /api/wallet/refresh/slot': answer,
      'GET /api/wallet': answer,
      'GET /api/wallet/activate/MUAYBET': () => {
        active = true;
        return { body: { message: 'SUCCESS' } };
      },
      'GET /api/wallet/account/MUAYBET': { body: { username: 'ngm123', password: 'secret-1' } },
    });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Open account Muay Sports' }));
    expect(await screen.findByText('ngm123')).toBeTruthy();
    expect(screen.getByText('secret-1')).toBeTruthy();
    await waitFor(() =>
      // The lookups the dialog reads (the transfer minimum) and the bonus check are left aside.
      expect(calls.map((c) => c.path).filter((p) => !p.startsWith('/api/lookup/') && !p.startsWith('/api/bonus/'))).toEqual([
        '/api/wallet/refresh/slot',
        '/api/wallet/activate/MUAYBET',
        '/api/wallet',
        '/api/wallet/account/MUAYBET',
      ]),
    );
  });
});
