import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import DepositsPage from './deposits';

describe('QR deposits in the console', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('lists the QR codes and the unmatched QR payments waiting for review', async () => {
    const calls = mockApi({
      'POST /api/operator/qr/payments/WW/PAY-C/assign': { body: { message: 'SUCCESS' } },
      'GET /api/operator/me': { body: { username: 'fin', role: 'finance' } },
      'GET /api/operator/deposits?page=1': {
        body: {
          deposits: [],
          unconfirmedVouchers: [],
          unmatchedQRPayments: [
            { provider: 'WW', ref: 'PAY-C', qrcodeId: 'q9', memberId: 'm1', amount: 99, paidAt: '2026-11-22T02:00:00Z', note: 'AMOUNT_MISMATCH' },
          ],
          qrcodes: [
            { id: 'q9', memberId: 'm1', provider: 'PAYTIMZ', amount: 100.37, status: 'CANCELLED', createdAt: '2026-11-22T01:55:00Z', expiresAt: '2026-11-22T02:05:00Z' },
          ],
        },
      },
      'GET /api/operator/settings': {
        body: { settings: [{ name: 'deposit', value: { banks: [], wallets: [], isManual: false }, editableBy: ['owner', 'finance'] }] },
      },
    });
    renderWithProviders(<DepositsPage />);
    expect((await screen.findAllByText('QR payments that matched no open QR')).length).toBeGreaterThan(0);
    expect(screen.getByText('PAY-C')).toBeTruthy();
    expect(screen.getByText('Another amount')).toBeTruthy();
    expect(screen.getByText('99.00')).toBeTruthy();
    expect(screen.getAllByText('QR codes (newest first)').length).toBeGreaterThan(0);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('100.37')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Assign' }));
    fireEvent.changeText(screen.getByLabelText('Member id'), 'm2');
    fireEvent.press(screen.getByRole('button', { name: 'Credit the member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/PAY-C/assign'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ memberId: 'm2' });
  });
});
