import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';
import { walletAnswer } from '@/testing/wallet-fixture';

import { WithdrawModal } from './withdraw-modal';

// Jest cannot run the lazy list's dynamic import: the list itself stands in.
jest.mock('@/features/wallet/withdrawals-lazy', () => ({
  LazyRecentWithdrawals: jest.requireActual('@/features/wallet/withdrawals/recent-withdrawals').RecentWithdrawals,
}));

const limits = { 'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50000 } } };

describe('WithdrawModal', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  const open = (onClose = jest.fn()) =>
    renderWithProviders(<WithdrawModal visible data={walletAnswer()} onClose={onClose} onSaved={jest.fn()} />);

  const withdraw = (amount: string) => {
    fireEvent.changeText(screen.getByLabelText('Amount'), amount);
    fireEvent.press(screen.getByRole('button', { name: 'Confirm withdrawal' }));
  };

  it('shows the limits and the bonus notice, and checks both bounds', async () => {
    const calls = mockApi(limits);
    open();
    expect(await screen.findByText('Minimum 100.00 THB, maximum 50,000.00 THB')).toBeTruthy();
    expect(screen.getByText(/withdraw only after meeting its conditions/)).toBeTruthy();
    withdraw('99.99');
    expect(screen.getByText('The minimum withdrawal is 100.00 THB')).toBeTruthy();
    withdraw('50000.01');
    expect(screen.getByText('The maximum withdrawal is 50,000.00 THB')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('withdraws with withdrawAll and an Idempotency-Key, then says to wait', async () => {
    const onClose = jest.fn();
    const calls = mockApi({
      ...limits,
      'POST /api/wallet/withdrawAll': {
        body: { message: 'SUCCESS', withdrawal: { _id: 'w1', amount: 500, status: 'PENDING', createdAt: '2026-11-22T02:00:00Z' } },
      },
    });
    open(onClose);
    await screen.findByText('Minimum 100.00 THB, maximum 50,000.00 THB');
    withdraw('500');
    expect(await screen.findByText(/Your withdrawal has been submitted/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/wallet/withdrawAll');
    expect(post.body).toEqual({ amount: 500 });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the red bonus notice with the target while a condition is active', async () => {
    mockApi({
      ...limits,
      'GET /api/bonus/check/active': { body: { status: true, type: 'limit' } },
      'GET /api/bonus/check/minimum': { body: { status: true, minimum: 20, target: 600, progress: 250.5, base: 200, percentFail: 10 } },
      'POST /api/wallet/withdrawAll': { status: 400, body: { message: 'BONUS_REMAINING' } },
    });
    open();
    expect(
      await screen.findByText(
        /A bonus is active \(One-time bonus\).*600.00 THB \(now 250.50 THB; deposits and other credits do not count\)/,
      ),
    ).toBeTruthy();
    await screen.findByText('Minimum 100.00 THB, maximum 50,000.00 THB');
    withdraw('500');
    expect(await screen.findByText(i18n.t('errorMsg.BONUS_REMAINING'))).toBeTruthy();
  });

  it('translates WITHDRAW_PENDING', async () => {
    mockApi({ ...limits, 'POST /api/wallet/withdrawAll': { status: 409, body: { message: 'WITHDRAW_PENDING' } } });
    open();
    await screen.findByText('Minimum 100.00 THB, maximum 50,000.00 THB');
    withdraw('500');
    expect(await screen.findByText('A withdrawal is already in progress')).toBeTruthy();
  });

  it('lists the recent withdrawals with their progress', async () => {
    const calls = mockApi({
      ...limits,
      'GET /api/wallet/withdrawals': {
        body: {
          withdrawals: [
            {
              _id: 'w2',
              amount: 500,
              progress: 'PAYING',
              reason: null,
              createdAt: '2026-11-22T02:00:00Z',
              decidedAt: '2026-11-22T02:01:00Z',
            },
          ],
        },
      },
    });
    open();
    expect(await screen.findByText('Approved, being paid')).toBeTruthy();
    expect(screen.getByText('Recent withdrawals')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/wallet/withdrawals?limit=5')).toBe(true);
  });
});
