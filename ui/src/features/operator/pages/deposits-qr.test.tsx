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
            {
              provider: 'WW',
              ref: 'PAY-C',
              qrcodeId: 'q9',
              memberId: 'm1',
              amount: 99,
              paidAt: '2026-11-22T02:00:00Z',
              note: 'AMOUNT_MISMATCH',
              candidates: [],
            },
          ],
          qrcodes: [
            {
              id: 'q9',
              memberId: 'm1',
              provider: 'PAYTIMZ',
              amount: 100.37,
              status: 'CANCELLED',
              createdAt: '2026-11-22T01:55:00Z',
              expiresAt: '2026-11-22T02:05:00Z',
            },
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
    fireEvent.press(screen.getByRole('button', { name: 'Assign PAY-C' }));
    fireEvent.changeText(screen.getByLabelText('Member id'), 'm2');
    fireEvent.press(screen.getByRole('button', { name: 'Credit the member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/PAY-C/assign'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ memberId: 'm2' });
  });

  it('refunds an unmatched payment outside Ngern with a note and shows decided payments with their state', async () => {
    const calls = mockApi({
      'POST /api/operator/qr/payments/kbank/BANK-9/refund': { body: { message: 'SUCCESS' } },
      'GET /api/operator/me': { body: { username: 'fin', role: 'finance' } },
      'GET /api/operator/deposits?page=1': {
        body: {
          deposits: [],
          unconfirmedVouchers: [],
          unmatchedQRPayments: [
            {
              provider: 'kbank',
              ref: 'BANK-9',
              qrcodeId: '',
              memberId: '',
              amount: 55.5,
              paidAt: '2026-11-22T02:00:00Z',
              note: 'NO_QR',
              candidates: [],
              status: 'REVIEW',
            },
          ],
          decidedQRPayments: [
            {
              provider: 'WW',
              ref: 'PAY-R',
              qrcodeId: 'q1',
              memberId: 'm1',
              amount: 12,
              paidAt: '2026-11-22T01:00:00Z',
              note: 'QR_NOT_OPEN',
              candidates: [],
              status: 'REFUNDED',
              decidedBy: 'fin',
              decidedAt: '2026-11-22T01:30:00Z',
              decisionNote: 'sent back by SCB 778',
            },
          ],
          qrcodes: [],
        },
      },
      'GET /api/operator/settings': {
        body: { settings: [{ name: 'deposit', value: { banks: [], wallets: [], isManual: false }, editableBy: ['owner', 'finance'] }] },
      },
    });
    renderWithProviders(<DepositsPage />);
    expect((await screen.findAllByText('Decided QR payments (newest first)')).length).toBeGreaterThan(0);
    expect(screen.getByText('Refunded outside Ngern')).toBeTruthy();
    expect(screen.getByText('sent back by SCB 778')).toBeTruthy();

    fireEvent.press(screen.getByRole('button', { name: 'Refund outside Ngern: BANK-9' }));
    const confirm = screen.getByRole('button', { name: 'Mark as refunded' });
    expect(confirm.props.accessibilityState.disabled).toBe(true); // a note is required
    fireEvent.changeText(screen.getByLabelText('Refund note'), 'x'.repeat(501));
    expect(screen.getByText('The note is at most 500 characters.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Refund note'), '  returned by KBank 4411 ');
    fireEvent.press(screen.getByRole('button', { name: 'Mark as refunded' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/BANK-9/refund'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'returned by KBank 4411' });
  });

  it('shows a bank notification that fits two members with its sender, and credits the candidate chosen', async () => {
    const calls = mockApi({
      'POST /api/operator/qr/payments/transfer/004:T1/assign': { body: { message: 'SUCCESS' } },
      'GET /api/operator/me': { body: { username: 'fin', role: 'finance' } },
      'GET /api/operator/deposits?page=1': {
        body: {
          deposits: [],
          unconfirmedVouchers: [],
          unmatchedQRPayments: [
            {
              provider: 'transfer',
              ref: '004:T1',
              qrcodeId: '',
              memberId: '',
              amount: 400,
              paidAt: '2026-11-22T02:00:00Z',
              note: 'MANY_SENDERS',
              status: 'REVIEW',
              sender: { bankCode: 'KBANK', accountNo: 'xxx-x-x7890-x', name: 'SOMCHAI J' },
              candidates: ['mA', 'mB'],
            },
          ],
          decidedQRPayments: [],
          qrcodes: [],
        },
      },
      'GET /api/operator/settings': {
        body: { settings: [{ name: 'deposit', value: { banks: [], wallets: [], isManual: false }, editableBy: ['owner', 'finance'] }] },
      },
    });
    renderWithProviders(<DepositsPage />);
    expect((await screen.findAllByText('Bank transfer: several members fit')).length).toBeGreaterThan(0);
    expect(screen.getByText('KBANK xxx-x-x7890-x SOMCHAI J')).toBeTruthy();
    expect(screen.getByText('mA, mB')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Assign 004:T1' }));
    fireEvent.press(screen.getByRole('button', { name: 'Choose candidate mB' }));
    fireEvent.press(screen.getByRole('button', { name: 'Credit the member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/assign'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ memberId: 'mB' });
  });
});
