import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import DepositsPage from './deposits';

describe('gift vouchers not credited, in the console', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    { name: 'recorded by TrueMoney: credited with its amount', voucher: 'rec0123456789', amount: 20, typed: undefined, sent: 20 },
    { name: 'not recorded: credited with what the operator found', voucher: 'unk0123456789', amount: 0, typed: '35.5', sent: 35.5 },
  ])('credits a voucher in one action ($name)', async ({ voucher, amount, typed, sent }) => {
    const calls = mockApi({
      [`POST /api/operator/deposits/vouchers/${voucher}/credit`]: { body: { message: 'SUCCESS', amount: sent } },
      'GET /api/operator/me': { body: { username: 'fin', role: 'finance' } },
      'GET /api/operator/deposits?page=1': {
        body: {
          deposits: [],
          unconfirmedVouchers: [
            { voucher, memberId: 'm1', note: amount ? 'REDEEMED' : 'UNKNOW_ERROR', amount, createdAt: '2026-11-22T02:00:00Z' },
          ],
        },
      },
      'GET /api/operator/settings': {
        body: { settings: [{ name: 'deposit', value: { banks: [], wallets: [], isManual: false }, editableBy: ['owner', 'finance'] }] },
      },
    });
    renderWithProviders(<DepositsPage />);
    fireEvent.press(await screen.findByRole('button', { name: `Credit now: voucher ${voucher}` }));
    if (typed) fireEvent.changeText(screen.getByLabelText('Amount'), typed);
    fireEvent.press(screen.getByRole('button', { name: 'Credit the member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${voucher}/credit`))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: sent });
  });
});
