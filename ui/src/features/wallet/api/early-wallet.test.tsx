// The home screen shows the balances that the page's inline script read (GET /api/wallet,
// started before the bundles) at once, then the refreshed ones (GET /api/wallet/refresh/slot).
import { act, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setFetch } from '@/lib/api';
import { earlyWalletPaths, earlyWalletScript } from '@/lib/early-wallet-script';
import { mockApi, renderWithProviders } from '@/testing/render';
import { walletAnswer } from '@/testing/wallet-fixture';

import { WalletHome } from '../components/wallet-home';

import type { WalletResponse } from './get-wallet';

type EarlyWindow = { __ngernWallet?: Promise<WalletResponse | null>; __ngernWalletData?: WalletResponse };
const w = globalThis as unknown as EarlyWindow;

/** refreshGate holds GET /api/wallet/refresh/slot until open() is called. */
function refreshGate(answer: WalletResponse) {
  const calls: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  setFetch((async (url: string) => {
    calls.push(String(url));
    if (String(url) === '/api/wallet/refresh/slot') {
      await gate;
      return { ok: true, status: 200, text: async () => JSON.stringify(answer) } as Response;
    }
    return { ok: true, status: 200, text: async () => JSON.stringify({ status: false }) } as Response;
  }) as typeof fetch);
  return { calls, open: () => act(async () => open()) };
}

afterEach(() => {
  delete w.__ngernWallet;
  delete w.__ngernWalletData;
});

describe('the early wallet answer', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the balances already read, then the refreshed ones', async () => {
    w.__ngernWalletData = walletAnswer({ wallet: { amount: 500 } });
    w.__ngernWallet = Promise.resolve(w.__ngernWalletData);
    const refresh = refreshGate(walletAnswer());
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    // 500 + 250.50 + 100.25, without waiting for the refresh.
    expect(screen.getByText('850.75 THB')).toBeTruthy();
    expect(refresh.calls).toContain('/api/wallet/refresh/slot');
    expect(refresh.calls).not.toContain('/api/wallet');
    await refresh.open();
    expect(await screen.findByText('1,350.75 THB')).toBeTruthy();
    expect(w.__ngernWalletData).toBeUndefined();
  });

  it('takes the answer still under way when it comes', async () => {
    let answer!: (d: WalletResponse | null) => void;
    w.__ngernWallet = new Promise((resolve) => (answer = resolve));
    const refresh = refreshGate(walletAnswer());
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    expect(screen.queryByText('850.75 THB')).toBeNull();
    await act(async () => answer(walletAnswer({ wallet: { amount: 500 } })));
    expect(await screen.findByText('850.75 THB')).toBeTruthy();
    await refresh.open();
    expect(await screen.findByText('1,350.75 THB')).toBeTruthy();
  });

  it('never replaces the refreshed balances with the older answer', async () => {
    let answer!: (d: WalletResponse | null) => void;
    w.__ngernWallet = new Promise((resolve) => (answer = resolve));
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() } });
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    expect(await screen.findByText('1,350.75 THB')).toBeTruthy();
    await act(async () => answer(walletAnswer({ wallet: { amount: 500 } })));
    expect(screen.getByText('1,350.75 THB')).toBeTruthy();
    expect(screen.queryByText('850.75 THB')).toBeNull();
  });

  it('without an early answer, waits for the refresh as before', async () => {
    const refresh = refreshGate(walletAnswer());
    renderWithProviders(<WalletHome onOpenConditions={jest.fn()} />);
    expect(screen.queryByText('1,350.75 THB')).toBeNull();
    await refresh.open();
    expect(await screen.findByText('1,350.75 THB')).toBeTruthy();
  });
});

describe('the inline script', () => {
  const run = (path: string, stored: Record<string, string>) => {
    const fetches: { url: string; init: RequestInit }[] = [];
    const g = globalThis as any;
    const saved = { location: g.location, sessionStorage: g.sessionStorage, localStorage: g.localStorage, fetch: g.fetch };
    const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
    Object.assign(g, {
      location: { pathname: path },
      sessionStorage: storage({}),
      localStorage: storage(stored),
      fetch: (url: string, init: RequestInit) => {
        fetches.push({ url, init });
        return Promise.resolve({ ok: true, json: () => Promise.resolve(walletAnswer()) });
      },
    });
    try {
      new Function(earlyWalletScript)();
    } finally {
      Object.assign(g, saved);
    }
    return fetches;
  };

  it.each(earlyWalletPaths.flatMap((p) => [p, `${p}/`.replace('//', '/')]))(
    'starts GET /api/wallet on %s with the stored token',
    async (path) => {
      const fetches = run(path, { token: 'tok-1' });
      expect(fetches).toHaveLength(1);
      expect(fetches[0].url).toBe('/api/wallet');
      expect((fetches[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
      expect(await w.__ngernWallet).toEqual(walletAnswer());
      expect(w.__ngernWalletData).toEqual(walletAnswer());
    },
  );

  it.each(['/login', '/user/statement', '/register'])('does nothing on %s', (path) => {
    expect(run(path, { token: 'tok-1' })).toHaveLength(0);
    expect(w.__ngernWallet).toBeUndefined();
  });

  it('does nothing without a token', () => {
    expect(run('/user/home', {})).toHaveLength(0);
    expect(w.__ngernWallet).toBeUndefined();
  });
});
