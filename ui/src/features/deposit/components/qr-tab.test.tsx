import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import payloads from '../../../../../core/deposit/testdata/promptpay-payloads.json';
import { type DepositOptions, type QRState } from '../api/deposit';
import type { CardLayout } from '../qr-card';

import { DepositModal } from './deposit-modal';
import { mmss } from './qr-tab';

// The save button as the tab hands it the card (its painting is tested in qr-card.test.ts and
// qr-save-button.test.tsx).
const mockSave: { card: () => CardLayout; fileName: string }[] = [];
jest.mock('./qr-save-button', () => ({
  QrSaveButton: (props: { card: () => CardLayout; fileName: string }) => {
    mockSave.push(props);
    return null;
  },
}));

const qrBank = (code: string, th: string, en: string) => ({
  bankCode: code,
  bankType: 'QR',
  mode: 'qr',
  currency: 'THB',
  bankAccountNo: '',
  bankAccountName: '',
  bank: { nameTH: th, nameEN: en },
});

const options: DepositOptions = {
  banks: [qrBank('kbank', 'พร้อมเพย์ QR', 'PromptPay QR'), qrBank('WW', 'WW', 'WW')],
  wallets: [],
  isManual: false,
};

const limits = {
  appVersion: '1',
  transferMin: 1,
  giftLinkMin: 2,
  qr: [
    { code: 'kbank', min: 0.01, quickAmounts: [10, 20, 50, 100, 500, 1000] },
    { code: 'WW', min: 100, quickAmounts: [100, 200, 300, 500, 1000] },
  ],
};

const none: QRState = { qrcodeId: '', hasQrcode: false, qrcode: '', payload: '', amount: 0, expireIn: 0, message: 'SUCCESS' };
const open: QRState = {
  qrcodeId: 'q1',
  hasQrcode: true,
  qrcode: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  payload: '00020101021229370016A000000677010111',
  amount: 200,
  expireIn: 600,
  message: 'SUCCESS',
};

describe('QR deposit tab', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('formats the countdown as mm:ss', () => {
    expect(mmss(600)).toBe('10:00');
    expect(mmss(61.9)).toBe('01:01');
    expect(mmss(-3)).toBe('00:00');
  });

  it('offers a tab per QR channel, quick amounts, and create only from the minimum', async () => {
    let current = none;
    const calls = mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/limits': { body: limits },
      'GET /api/qrcode/WW': () => ({ body: current }),
      'POST /api/qrcode/WW': () => ((current = open), { body: open }),
      'DELETE /api/qrcode/q1': () => ((current = none), { body: none }),
    });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(await screen.findByRole('tab', { name: 'QR PromptPay QR' })).toBeTruthy();
    fireEvent.press(screen.getByRole('tab', { name: 'QR WW' }));
    expect(await screen.findByText('At least 100.00 baht.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Amount (baht)'), '99');
    expect(screen.getByRole('button', { name: 'Create QR code' }).props.accessibilityState?.disabled).toBe(true);
    fireEvent.press(screen.getByRole('button', { name: '200.00' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create QR code' }).props.accessibilityState?.disabled).toBeFalsy());
    fireEvent.press(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByLabelText('QR code to pay')).toBeTruthy();
    expect(screen.getByText('Pay 200.00 baht')).toBeTruthy();
    expect(screen.getByText(/Expires in (10:00|09:59)/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 200 });
    fireEvent.press(screen.getByRole('button', { name: 'Cancel QR code' }));
    expect(await screen.findByLabelText('Amount (baht)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/api/qrcode/q1'))).toBe(true);
  });

  it('saves the QR the server made, with the payee, the amount and the expiry', async () => {
    const p = payloads[0]; // PromptPay to 0812345678, 100.37 baht
    const qr: QRState = {
      ...open,
      payload: p.payload,
      amount: Number(p.amount),
      qrcode: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><path fill="#000" d="M4 4h7v1h-7z"/></svg>',
    };
    const named = { ...options, banks: [{ ...options.banks[0], bankAccountName: 'Ngern Co., Ltd.' }] };
    mockApi({
      'GET /api/lookup/deposit': { body: named },
      'GET /api/lookup/limits': { body: limits },
      'GET /api/qrcode/kbank': { body: qr },
    });
    mockSave.length = 0;
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(await screen.findByText('Pay 100.37 baht')).toBeTruthy();
    const { card, fileName } = mockSave[mockSave.length - 1];
    expect(fileName).toBe('qr-kbank-q1.png');
    const texts = card()
      .ops.filter((o) => o.kind === 'text')
      .map((o) => (o as { text: string }).text);
    expect(texts.slice(0, 5)).toEqual(['THAI QR PAYMENT', 'PromptPay', 'Ngern Co., Ltd.', 'PromptPay ID xxx-xxx-5678', 'Pay 100.37 baht']);
    expect(texts[5]).toMatch(/^Valid until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(card().ops.filter((o) => o.kind === 'rect' && o.fill === '#000000')).toHaveLength(1);
  });

  it('shows QR_FAIL in a red toast', async () => {
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/limits': { body: limits },
      'GET /api/qrcode/kbank': { body: none },
      'POST /api/qrcode/kbank': { status: 502, body: { ...none, message: 'QR_FAIL' } },
    });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.changeText(await screen.findByLabelText('Amount (baht)'), '50');
    fireEvent.press(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByText('Could not create the QR code')).toBeTruthy();
  });

  it('names the minimum read again when the server refuses an amount under it', async () => {
    let raised = false;
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/limits': () => ({
        body: raised ? { ...limits, qr: [{ ...limits.qr[0], min: 150 }, limits.qr[1]] } : limits,
      }),
      'GET /api/qrcode/kbank': { body: none },
      'POST /api/qrcode/kbank': () => {
        raised = true; // an operator raised the minimum meanwhile
        return { status: 400, body: { ...none, message: 'QR_MINIMUM', detail: 'the smallest amount is 150.00' } };
      },
    });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.changeText(await screen.findByLabelText('Amount (baht)'), '50');
    fireEvent.press(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByText(i18n.t('errorMsg.QR_MINIMUM', { min: '150.00' }))).toBeTruthy();
  });

  it('closes the modal and refreshes the wallet when the open QR is paid', async () => {
    let state: QRState = open;
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/limits': { body: limits },
      'GET /api/qrcode/kbank': () => ({ body: state }),
    });
    const onClose = jest.fn();
    const onDeposited = jest.fn();
    renderWithProviders(<DepositModal visible onClose={onClose} onDeposited={onDeposited} />);
    expect(await screen.findByLabelText('QR code to pay')).toBeTruthy(); // the open QR shows again
    state = none; // paid: the server has no open QR any more
    await waitFor(() => expect(onDeposited).toHaveBeenCalledTimes(1), { timeout: 6000 });
    expect(onClose).toHaveBeenCalled();
  }, 10000);
});
