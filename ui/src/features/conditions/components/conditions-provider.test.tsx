import { act, fireEvent, screen } from '@testing-library/react-native';
import { Pressable, Text } from 'react-native';
import { SafeAreaProvider } from 'react-native-safe-area-context';

import i18n from '@/i18n';
import { clearToken, setToken } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';
import { walletAnswer } from '@/testing/wallet-fixture';

import { ConditionsModal } from './conditions-modal';
import { ConditionsProvider, useOpenConditions } from './conditions-provider';

// The member layout's page is the home, as at /user/home.
jest.mock('expo-router', () => {
  const { createElement } = jest.requireActual('react');
  const router = { replace: jest.fn(), push: jest.fn(), back: jest.fn() };
  return {
    __router: router,
    useRouter: () => router,
    usePathname: () => '/user/home',
    useLocalSearchParams: () => ({}),
    Redirect: () => null,
    Slot: () => createElement(jest.requireActual('@/app/user/home').default),
  };
});

const conditions = { 'GET /api/lookup/conditions': { body: { conditions: ['<p>Turn the bonus over 3 times.</p>'] } } };

function Trigger({ name }: { name: string }) {
  const open = useOpenConditions();
  return (
    <Pressable accessibilityRole="button" onPress={open}>
      <Text>{name}</Text>
    </Pressable>
  );
}

describe('ConditionsProvider', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('renders one modal that every trigger inside opens', async () => {
    mockApi(conditions);
    renderWithProviders(
      <ConditionsProvider>
        <Trigger name="first" />
        <Trigger name="second" />
      </ConditionsProvider>,
    );
    expect(screen.UNSAFE_getAllByType(ConditionsModal)).toHaveLength(1);
    expect(screen.queryByText('Turn the bonus over 3 times.')).toBeNull();
    for (const name of ['first', 'second']) {
      fireEvent.press(screen.getByRole('button', { name }));
      expect(await screen.findByText('Turn the bonus over 3 times.')).toBeTruthy();
      fireEvent.press(screen.getAllByRole('button', { name: 'Close' })[0]);
      expect(screen.queryByText('Turn the bonus over 3 times.')).toBeNull();
    }
  });

  it('refuses a trigger outside a provider', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithProviders(<Trigger name="lost" />)).toThrow('useOpenConditions needs a ConditionsProvider');
    quiet.mockRestore();
  });
});

describe('the member layout with the home', () => {
  beforeEach(() => {
    i18n.changeLanguage('en');
    setToken('member-token', false);
  });
  // The layout is still mounted: it hears the token go.
  afterEach(() => act(() => clearToken()));

  it.each([
    { trigger: 'the bottom menu', button: 'Terms' },
    { trigger: "the home's widget", button: 'Bonus conditions' },
  ])('has one conditions modal, which $trigger opens', async ({ button }) => {
    mockApi({ 'GET /api/wallet/refresh/slot': { body: walletAnswer() }, ...conditions });
    const MemberLayout = require('@/app/user/_layout').default;
    const metrics = { frame: { x: 0, y: 0, width: 390, height: 844 }, insets: { top: 0, left: 0, right: 0, bottom: 0 } };
    renderWithProviders(
      <SafeAreaProvider initialMetrics={metrics}>
        <MemberLayout />
      </SafeAreaProvider>,
    );
    await screen.findByRole('button', { name: 'Bonus conditions' });
    expect(screen.UNSAFE_getAllByType(ConditionsModal)).toHaveLength(1);
    fireEvent.press(screen.getByRole('button', { name: button }));
    expect(await screen.findByText('Turn the bonus over 3 times.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Conditions' })).toHaveLength(1);
  });
});
