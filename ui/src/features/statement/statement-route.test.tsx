// The statement route's code fetched while offline: the member layout shows the translated error
// with retry in the page's place, its menu keeps working, and retry brings the page.
import { act, fireEvent, screen } from '@testing-library/react-native';
import { lazy } from 'react';
import { Platform, Text } from 'react-native';
import { SafeAreaProvider } from 'react-native-safe-area-context';

import i18n from '@/i18n';
import { clearToken, setToken } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';

// The page the layout's <Slot /> shows: set by each test, as the router would.
let mockPage: () => React.ReactElement | null = () => null;
let mockPath = '/user/statement';
jest.mock('expo-router', () => {
  const router = { replace: jest.fn(), push: jest.fn(), back: jest.fn() };
  return {
    __router: router,
    useRouter: () => router,
    usePathname: () => mockPath,
    useLocalSearchParams: () => ({}),
    Redirect: () => null,
    Slot: () => mockPage(),
  };
});

const failed = 'This part of the app could not be loaded. Check your connection and try again.';
const metrics = { frame: { x: 0, y: 0, width: 390, height: 844 }, insets: { top: 0, left: 0, right: 0, bottom: 0 } };

function layout() {
  const MemberLayout = require('@/app/user/_layout').default;
  return renderWithProviders(
    <SafeAreaProvider initialMetrics={metrics}>
      <MemberLayout />
    </SafeAreaProvider>,
  );
}

describe('the statement route when its code does not arrive', () => {
  let errorSpy: jest.SpyInstance;
  const os = Platform.OS;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setToken('member-token', false);
    mockPath = '/user/statement';
    mockApi({ 'POST /api/statement': { body: { items: [], total: 0 } } });
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
  });
  afterEach(() => {
    act(() => clearToken());
    errorSpy.mockRestore();
    Platform.OS = os;
  });

  it('web: the router keeps the failed import, so retry loads the page again once the server answers', async () => {
    Platform.OS = 'web';
    // As expo-router loads a route on the web: React.lazy of the route's chunk, which failed.
    const Route = lazy(() => Promise.reject(new Error('Loading chunk failed')));
    mockPage = () => <Route />;
    const location = { href: 'https://ngern.test/user/statement', reload: jest.fn() };
    const fetchMock = jest.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce({ ok: true });
    Object.assign(globalThis, { location, fetch: fetchMock });
    try {
      layout();
      expect(await screen.findByText(failed)).toBeTruthy();
      // The shell is still there: its menu works.
      expect(screen.getByText('Home')).toBeTruthy();

      // Still offline: nothing reloads, the error stays.
      fireEvent.press(screen.getByRole('button', { name: 'Try again' }));
      await act(async () => undefined);
      expect(location.reload).not.toHaveBeenCalled();
      expect(await screen.findByText(failed)).toBeTruthy();

      // Back online: the page is loaded again at its address.
      fireEvent.press(screen.getByRole('button', { name: 'Try again' }));
      await act(async () => undefined);
      expect(fetchMock).toHaveBeenLastCalledWith('https://ngern.test/user/statement', { cache: 'no-store' });
      expect(location.reload).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { location?: unknown }).location;
    }
  });

  it('native (th): retry renders the route again', async () => {
    await i18n.changeLanguage('th');
    let online = false;
    mockPage = () => {
      if (!online) throw new Error('Loading chunk failed');
      return <Text>{mockPath}</Text>;
    };
    layout();
    expect(await screen.findByText(i18n.t('common.partFailed'))).toBeTruthy();
    online = true;
    fireEvent.press(screen.getByRole('button', { name: i18n.t('common.retry') }));
    expect(await screen.findByText('/user/statement')).toBeTruthy();
    expect(screen.queryByText(i18n.t('common.partFailed'))).toBeNull();
  });
});
