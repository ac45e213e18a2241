import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { labelHasShownText } from '@/testing/label-in-name';
import { mockApi, renderWithProviders } from '@/testing/render';

import { SpinView } from './spin-view';

// A short spin: the motion itself is tested in wheel-math.test.ts.
jest.mock('../wheel-math', () => ({ ...jest.requireActual('../wheel-math'), spinDuration: () => 50 }));

const slice = (code: string, en: string, type: string) => ({
  code,
  label: en,
  labels: { th: en, la: en, en },
  bgColor: '#000000',
  textColor: '#FFFFFF',
  htmlDescription: `<p>${en} details</p>`,
  prize: { type, amount: type === 'cash' ? 50 : 0, coins: 0 },
});

const setup = (coins: number) => ({
  body: {
    result: {
      activeSpinwheel: {
        name: 'Demo wheel',
        cost: 1,
        dailyLimit: 0,
        slice: [slice('CASH50', 'Cash 50', 'cash'), slice('NONE', 'No prize', 'nothing')],
      },
      userCoin: coins,
      spinsToday: 0,
    },
  },
});

describe('SpinView', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('spins to the server slice, shows the prize and reloads the setup when closed', async () => {
    let coins = 1;
    const calls = mockApi({
      'GET /api/spinwheel/setup': () => setup(coins),
      'GET /api/spinwheel/coupon': { body: { result: [] } },
      'POST /api/spinwheel/spin': () => {
        coins = 0;
        return {
          body: {
            success: true,
            error: null,
            result: {
              code: 'CASH50',
              label: 'Cash 50',
              labels: { th: 'x', la: 'x', en: 'Cash 50' },
              prize: { type: 'cash', amount: 50, coins: 0 },
              remainingCoin: 0,
              coupon: 'c1',
            },
          },
        };
      },
    });
    renderWithProviders(<SpinView />);
    const button = await screen.findByRole('button', { name: 'Spin 1 (coin left)' });
    expect(labelHasShownText(button)).toBe(true); // "SPIN", then the coins on their own line
    fireEvent.press(button);
    expect(await screen.findByText('You won Cash 50. Claim it in your coupons below.')).toBeTruthy();
    expect(screen.getByTestId('spin-landed').props.accessibilityLabel).toBe('CASH50');
    expect(screen.getByTestId('spin-coins').props.children).toBe(0);
    const setups = calls.filter((c) => c.path === '/api/spinwheel/setup').length;
    fireEvent.press(screen.getByTestId('spin-prize-close'));
    await screen.findByRole('button', { name: 'Spin 0 (coins left)' });
    expect(calls.filter((c) => c.path === '/api/spinwheel/setup').length).toBeGreaterThan(setups);
    expect(screen.getByRole('button', { name: 'Spin 0 (coins left)' }).props.accessibilityState.disabled).toBe(true);
  });

  it('says when no wheel is active', async () => {
    mockApi({
      'GET /api/spinwheel/setup': { body: { result: { activeSpinwheel: null, userCoin: 2, spinsToday: 0 } } },
      'GET /api/spinwheel/coupon': { body: { result: [] } },
    });
    renderWithProviders(<SpinView />);
    expect(await screen.findByText('The wheel is closed right now. Come back later.')).toBeTruthy();
  });
});
