import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { payoutTone } from '../components/payouts/tone';
import PayoutsPage from './payouts';

const unknown = {
  id: 'p1',
  withdrawalId: 'w1',
  memberId: 'm1',
  amount: 500,
  status: 'UNKNOWN',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
  sent: true,
  partyRef: '',
  reason: '',
  attempts: 4,
  unknownSince: '2026-11-27T01:00:00Z',
  escalatedAt: '2026-11-27T02:00:00Z',
  createdAt: '2026-11-27T01:00:00Z',
  ownerOnly: false,
};

function api(role: string, payout: object = unknown) {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/payouts?status=UNKNOWN': { body: { payouts: [payout], total: 1, automatic: true } },
    'GET /api/operator/payouts?status=PAID': { body: { payouts: [], total: 0, automatic: true } },
    'POST /api/operator/payouts/p1/resolve': {
      body: { message: 'SUCCESS', payout: { ...payout, status: 'PAID', evidence: 'statement line 4', resolvedBy: 'op' } },
    },
  });
}

describe('payouts page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    ['PAID', 'good'],
    ['FAILED', 'bad'],
    ['UNKNOWN', 'warn'],
    ['SUBMITTED', 'neutral'],
  ] as const)('payoutTone %s', (status, tone) => expect(payoutTone(status)).toBe(tone));

  it('lists the unknown queue and resolves a payout after evidence and a confirmation', async () => {
    const calls = api('finance');
    renderWithProviders(<PayoutsPage />);
    expect(await screen.findByText('Unknown: check')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'Resolve payout p1 of 500.00' }));
    expect(await screen.findByText('Resolve payout p1')).toBeTruthy();
    const resolve = () => {
      const buttons = screen.getAllByRole('button', { name: 'Resolve' });
      fireEvent.press(buttons[buttons.length - 1]);
    };
    resolve();
    expect(await screen.findByText('Enter what you checked at the bank.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Evidence'), 'statement line 4');
    resolve();
    expect(await screen.findByText('Mark 500.00 to member m1 as paid?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    resolve();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.filter((c) => c.method === 'POST');
    expect(post[0].body).toEqual({ status: 'PAID', evidence: 'statement line 4' });
    expect(post[0].headers['Idempotency-Key']).toBeTruthy();
  });

  it('tells finance a payout above the threshold is the owners', async () => {
    api('finance', { ...unknown, ownerOnly: true });
    renderWithProviders(<PayoutsPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Resolve payout p1 of 500.00' }));
    expect(await screen.findByText('Above the approval threshold: only an owner resolves it.')).toBeTruthy();
  });

  it('switches to the paid payouts', async () => {
    const calls = api('owner');
    renderWithProviders(<PayoutsPage />);
    expect(await screen.findByText('Unknown: check')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('0 payouts')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/operator/payouts?status=PAID')).toBe(true);
  });
});
