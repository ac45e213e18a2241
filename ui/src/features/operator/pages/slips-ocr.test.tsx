import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { ReviewSlip } from '../api/deposits';

import SlipsPage from './slips';

const party = (bankCode = '', accountNo = '', name = '') => ({ bankCode, accountNo, name });
const nothingFound = {
  amount: false,
  date: false,
  time: false,
  senderName: false,
  senderAccount: false,
  senderBank: false,
  receiverName: false,
  receiverAccount: false,
  receiverBank: false,
  bank: false,
};

const base: ReviewSlip = {
  id: 's1',
  createdAt: '2026-11-22T02:00:00Z',
  status: 'PENDING',
  note: 'UNSTABLE_REFNO_ON_SLIP',
  amount: 0,
  sendingBank: '',
  transRef: '',
  sender: party(),
  receiver: party(),
  transferredAt: null,
  decidedBy: '',
  decidedAt: null,
  member: {
    id: 'm1',
    phone: '0812345678',
    name: 'Demo Player',
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'DEMO PLAYER',
  },
  imageUrl: '/api/slip-image/s1?exp=1&sig=x',
  feedRef: '',
  ocr: {
    amount: 250.5,
    at: '2026-11-22T01:58:00Z',
    sender: party('KBANK', 'xxx-x-x7890-x', 'นาย สมชาย ใจดี'),
    receiver: party(),
    bank: 'KBANK',
    found: { ...nothingFound, amount: true, date: true, time: true, senderName: true, senderAccount: true, senderBank: true },
    amountDiffers: false,
  },
};

describe('slips review with the OCR reading', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('pre-fills the amount, time and sender it read and confirms the slip in one action', async () => {
    let queue = [base];
    const calls = mockApi({
      'GET /api/operator/slips': () => ({ body: { slips: queue, reasons: ['INVALID_SLIP'] } }),
      'POST /api/operator/slips/s1/approve': () => {
        queue = [];
        return { body: { message: 'SUCCESS' } };
      },
    });
    renderWithProviders(<SlipsPage />);
    expect(await screen.findByText('Read from the slip (OCR)')).toBeTruthy();
    expect(screen.getByText('KBANK xxx-x-x7890-x นาย สมชาย ใจดี')).toBeTruthy();
    expect(screen.getByText('Printed date and time')).toBeTruthy();
    expect(screen.getByLabelText('Amount on the slip of Demo Player 0812345678').props.value).toBe('250.5');
    fireEvent.press(screen.getByRole('button', { name: 'Confirm 250.50 for the slip of Demo Player 0812345678' }));
    expect(await screen.findByText('Slip of Demo Player 0812345678 approved: 250.50 credited.')).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/api/operator/slips/s1/approve');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ amount: '250.5' });
    expect(sent[0].headers['Idempotency-Key']).toBeTruthy();
  });

  it('flags a slip printing another amount than its transfer and confirms the bank amount', async () => {
    const edited: ReviewSlip = {
      ...base,
      note: 'INVALID_SLIP',
      amount: 100,
      transRef: '016330123456ABC01234',
      sendingBank: '004',
      ocr: { ...base.ocr!, amount: 10000, amountDiffers: true },
    };
    mockApi({ 'GET /api/operator/slips': { body: { slips: [edited], reasons: ['INVALID_SLIP'] } } });
    renderWithProviders(<SlipsPage />);
    expect(await screen.findByText("Edited slip? It prints 10,000.00; the bank's transfer is 100.00.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm 100.00 for the slip of Demo Player 0812345678' })).toBeTruthy();
  });

  it('shows no reading and no confirmation when the slip was not read', async () => {
    mockApi({ 'GET /api/operator/slips': { body: { slips: [{ ...base, ocr: null }], reasons: [] } } });
    renderWithProviders(<SlipsPage />);
    await screen.findByLabelText('Slip image of Demo Player 0812345678');
    expect(screen.queryByText('Read from the slip (OCR)')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Confirm / })).toBeNull());
  });
});
