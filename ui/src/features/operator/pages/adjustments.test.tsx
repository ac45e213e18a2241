import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import AdjustmentsPage from './adjustments';

const member = {
  _id: 'm1',
  phone: '0812345678',
  name: 'Demo Player',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'DEMO PLAYER',
  status: 'active',
  createdAt: '2026-11-22T02:00:00Z',
};

function api() {
  return mockApi({
    'GET /api/operator/adjustments?page=1&limit=20': { body: { adjustments: [], total: 0 } },
    'GET /api/operator/members?q=0812345678&limit=20': { body: { members: [member], total: 1 } },
    'GET /api/operator/members?q=0899999999&limit=20': { body: { members: [], total: 0 } },
    'POST /api/operator/adjustments': { body: { message: 'SUCCESS', wallet: { amount: 750 } } },
  });
}

async function fill(phone: string, amount: string) {
  fireEvent.changeText(await screen.findByLabelText('Phone'), phone);
  fireEvent.changeText(screen.getByLabelText('Amount'), amount);
  fireEvent.changeText(screen.getByLabelText('Reason'), 'Goodwill for the outage');
}

describe('adjustments page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('names the member and asks before moving money', async () => {
    const calls = api();
    renderWithProviders(<AdjustmentsPage />);
    await fill('0812345678', '250');
    fireEvent.press(screen.getByRole('button', { name: 'Credit the wallet' }));
    expect(await screen.findByText('Credit 250.00 to Demo Player (0812345678, KBANK 1234567890)?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Done: 250.00 for 0812345678. Wallet now 750.00.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ phone: '0812345678', amount: 250, reason: 'Goodwill for the outage' });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  it('refuses an unknown phone and bad amounts without calling the money API', async () => {
    const calls = api();
    renderWithProviders(<AdjustmentsPage />);
    await fill('0899999999', '10');
    fireEvent.press(screen.getByRole('button', { name: 'Credit the wallet' }));
    expect(await screen.findByText('No member has this phone number.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Amount'), '0');
    fireEvent.press(screen.getByRole('button', { name: 'Credit the wallet' }));
    expect(await screen.findByText('Enter an amount above zero with at most 2 decimals.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
