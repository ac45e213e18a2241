import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import SpinPage from './spin';

const slice = (code: string, weight: number, prize: Record<string, unknown>) => ({
  code,
  label: { th: code, la: code, en: code },
  bgColor: '#000000',
  textColor: '#FFFFFF',
  htmlDescription: '',
  weight,
  prize: { amount: 0, coins: 0, successPercent: 0, percentFail: 0, ...prize },
});

const wheel = {
  id: 'w1',
  name: 'Demo wheel',
  active: true,
  cost: 1,
  dailyLimit: 0,
  dailyBudget: 100,
  couponDays: 7,
  slices: [slice('CASH', 1, { type: 'cash', amount: 100 }), slice('NONE', 3, { type: 'nothing' })],
  expectedPayout: { baht: 25, coins: 0 },
};

function api(role: string) {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/spinwheel': {
      body: { ...wheel, today: { day: '2026-11-23', budget: 100, spent: 100, spins: 4 }, budgetExhausted: true },
    },
    'GET /api/operator/spinwheels': { body: { wheels: [wheel] } },
    'GET /api/operator/spinwheel/coupons?page=1&limit=20': { body: { coupons: [], total: 0 } },
    'GET /api/operator/coins?page=1&limit=20': { body: { grants: [], total: 0 } },
    'POST /api/operator/spinwheels': (body: any) => ({ body: { ...body, id: 'w1' } }),
    'POST /api/operator/coins': { body: { message: 'SUCCESS', coin: 5 } },
  });
}

describe('spin wheel page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('says when the budget is spent and recomputes the expected payout while editing', async () => {
    const calls = api('finance');
    renderWithProviders(<SpinPage />);
    expect(await screen.findByText('Budget spent')).toBeTruthy();
    expect(screen.getByText('Prizes today: 100.00 of 100.00 THB')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getAllByText('Expected payout per spin: 25.00 THB and 0.00 coins, for 1 coins')).toHaveLength(2);
    fireEvent.changeText(screen.getAllByLabelText('Weight')[1], '1');
    expect(screen.getByText('Expected payout per spin: 50.00 THB and 0.00 coins, for 1 coins')).toBeTruthy();
    expect(screen.getByText('Slice 1: 50.00 %')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Save wheel' }));
    expect(await screen.findByText('Wheel Demo wheel saved')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/operator/spinwheels')!;
    expect(post.body.slices.map((s: any) => s.weight)).toEqual([1, 1]);
  });

  it('grants coins with a reason', async () => {
    const calls = api('owner');
    renderWithProviders(<SpinPage />);
    fireEvent.changeText(await screen.findByLabelText('Phone'), '0812345678');
    fireEvent.changeText(screen.getByLabelText('Coins (negative takes back)'), '3');
    fireEvent.changeText(screen.getByLabelText('Reason'), 'Apology');
    fireEvent.press(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('3 coins granted to 0812345678; they now hold 5.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/operator/coins')!;
    expect(post.body).toEqual({ phone: '0812345678', coins: 3, reason: 'Apology' });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  it('is read-only for support', async () => {
    api('support');
    renderWithProviders(<SpinPage />);
    expect(await screen.findByText('Budget spent')).toBeTruthy();
    expect(await screen.findByText('2 slices')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Grant' })).toBeNull();
  });
});
