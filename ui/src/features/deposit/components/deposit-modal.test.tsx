import { fireEvent, screen, waitFor } from '@testing-library/react-native';
import { StyleSheet } from 'react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { setXhr, type DepositOptions } from '../api/deposit';

import { DepositModal } from './deposit-modal';

jest.mock('@/lib/clipboard', () => ({ copyText: jest.fn(async () => true) }));
jest.mock('../api/pick-image', () => ({
  pickImage: jest.fn(async () => ({ file: new Blob(['png']), name: 'slip.png', previewUrl: 'blob:slip' })),
  releasePreview: jest.fn(),
}));

const clipboard = jest.requireMock('@/lib/clipboard') as { copyText: jest.Mock };

const options: DepositOptions = {
  banks: [
    {
      bankCode: 'KBANK',
      bankType: 'BANK',
      mode: 'slip',
      currency: 'THB',
      bankAccountNo: '1112223334',
      bankAccountName: 'NGERN CO LTD',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    },
  ],
  wallets: [{ mode: 'truemoney', walletAccountName: 'Ngern' }],
  isManual: false,
};

/** fakeXhr answers the upload with status and body after reporting half the bytes sent. */
function fakeXhr(status: number, body: unknown) {
  const sent: { headers: Record<string, string>; form?: FormData } = { headers: {} };
  setXhr(() => {
    const x: any = {
      upload: { onprogress: null },
      open: jest.fn(),
      abort: jest.fn(),
      setRequestHeader: (k: string, v: string) => (sent.headers[k] = v),
      send: (form: FormData) => {
        sent.form = form;
        setTimeout(() => {
          x.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
          x.status = status;
          x.responseText = JSON.stringify(body);
          setTimeout(() => x.onload?.(), 10);
        }, 10);
      },
    };
    return x;
  });
  return sent;
}

const slip = (over: object) => ({
  createdAt: '2026-11-22T02:00:00Z',
  amount: 250.5,
  status: 'SUCCESS',
  note: null,
  link: '',
  reference: 'r1',
  ...over,
});

describe('DepositModal', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows a tab per enabled method and the receiving account with copy', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: options } });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(await screen.findByRole('tab', { name: 'Bank transfer' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'TrueMoney gift link' })).toBeTruthy();
    expect(screen.getByText('Kasikornbank')).toBeTruthy();
    expect(screen.getByText('111-222-3334')).toBeTruthy();
    // A transfer from the registered account is credited from the bank's notification.
    expect(
      screen.getByText(
        'Transfer to this account from your registered bank account — no slip needed: your wallet is credited automatically within 1 min.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Not credited after a few minutes, or sent from another account? Upload the slip below.')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Copy account number 1112223334' }));
    await waitFor(() => expect(clipboard.copyText).toHaveBeenCalledWith('1112223334'));
    expect(await screen.findByText('Copied: 1112223334')).toBeTruthy();
  });

  it('wraps the method tabs so that every one is reachable by touch on a narrow phone', async () => {
    const qr = (code: string) => ({ ...options.banks[0], bankCode: code, mode: 'qr', bank: { nameTH: code, nameEN: code } });
    const many = { ...options, banks: [...options.banks, ...['PROMPTPAY', 'PAYTIMZ', 'PAYONEX', 'FP'].map(qr)] };
    mockApi({ 'GET /api/lookup/deposit': { body: many } });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    await screen.findByRole('tab', { name: 'Bank transfer' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(6);
    expect(StyleSheet.flatten(screen.getByTestId('deposit-methods').props.style)).toMatchObject({ flexWrap: 'wrap' });
    for (const tab of tabs) expect(StyleSheet.flatten(tab.props.style).minHeight).toBeGreaterThanOrEqual(44);
    fireEvent.press(screen.getByRole('tab', { name: 'TrueMoney gift link' }));
    expect(await screen.findByText('The gift link must be worth at least 2.00 baht.')).toBeTruthy();
  });

  it('states the slip rules of the slip lookup before the member uploads', async () => {
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/slip': { body: { maxSizeMB: 5, uploadWithinHours: 2, closedFrom: '23:40', closedTo: '00:20' } },
    });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(
      await screen.findByText(
        'Upload the slip within 2 h of the transfer. Slips are not accepted between 23:40 and 00:20 every day. ' +
          'Upload the slip image (JPEG, PNG or WebP, up to 5 MB) with its QR code visible.',
      ),
    ).toBeTruthy();
  });

  it('leaves the closing time out when the operator sets none', async () => {
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'GET /api/lookup/slip': { body: { maxSizeMB: 10, uploadWithinHours: 1, closedFrom: '', closedTo: '' } },
    });
    await i18n.changeLanguage('th');
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(
      await screen.findByText('แนบสลิปภายใน 1 ชั่วโมงหลังโอน อัปโหลดรูปสลิป (JPEG, PNG หรือ WebP ไม่เกิน 10 MB) ที่เห็นคิวอาร์โค้ดชัดเจน'),
    ).toBeTruthy();
  });

  it('hides the methods the lookup does not enable', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: { ...options, banks: [] } } });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(await screen.findByRole('tab', { name: 'TrueMoney gift link' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Bank transfer' })).toBeNull();
    expect(screen.getByText('The gift link must be worth at least 2.00 baht.')).toBeTruthy();
  });

  it('says so when no method is enabled', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: { banks: [], wallets: [], isManual: false } } });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    expect(await screen.findByText('Deposits are not available at the moment.')).toBeTruthy();
  });

  it('uploads the chosen slip with progress and shows the credit', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: options } });
    const sent = fakeXhr(200, { message: 'SUCCESS', slip: slip({}) });
    const deposited = jest.fn();
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={deposited} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Choose slip image' }));
    expect(await screen.findByLabelText('Slip preview')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByLabelText('Uploading the slip')).toBeTruthy();
    expect(await screen.findByText('250.50 baht has been added to your wallet.')).toBeTruthy();
    expect(deposited).toHaveBeenCalled();
    expect(sent.headers['X-Ngern-Client']).toBe('wallet-user');
    expect(sent.form).toBeTruthy();
  });

  it('says so when the photo library cannot be opened (native)', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: options } });
    (jest.requireMock('../api/pick-image') as { pickImage: jest.Mock }).pickImage.mockRejectedValueOnce(new Error('denied'));
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Choose slip image' }));
    expect(await screen.findByText('Your photos could not be opened.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload slip' })).toBeDisabled();
  });

  it('shows a slip sent to review with its reason', async () => {
    mockApi({ 'GET /api/lookup/deposit': { body: options } });
    fakeXhr(202, { message: 'PENDING', slip: slip({ status: 'PENDING', note: 'UNSTABLE_REFNO_ON_SLIP', amount: 0 }) });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.press(await screen.findByRole('button', { name: 'Choose slip image' }));
    fireEvent.press(await screen.findByRole('button', { name: 'Upload slip' }));
    expect(
      await screen.findByText('The slip was received and is being checked by our staff. (The reference number on the slip cannot be read)'),
    ).toBeTruthy();
  });

  it('translates a refused upload', async () => {
    i18n.changeLanguage('th');
    mockApi({ 'GET /api/lookup/deposit': { body: options } });
    fakeXhr(429, { message: 'REQUEST_LIMIT_1MIN' });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.press(await screen.findByRole('button', { name: 'เลือกรูปสลิป' }));
    fireEvent.press(await screen.findByRole('button', { name: 'อัปโหลดสลิป' }));
    expect(await screen.findByText('กรุณารอประมาณ 1 นาทีแล้วลองใหม่')).toBeTruthy();
  });

  it('sends a gift link and reports the credit or the refusal', async () => {
    const calls = mockApi({
      'GET /api/lookup/deposit': { body: options },
      'POST /api/wallet/truelink': (body) =>
        body.link.includes('used')
          ? { status: 409, body: { message: 'TRUELINK_DUPLICATE' } }
          : body.link.includes('late')
            ? { body: { message: 'SUCCESS', amount: 70, status: 'PENDING' } }
            : { body: { message: 'SUCCESS', amount: 50, status: 'SUCCESS' } },
    });
    const deposited = jest.fn();
    const close = jest.fn();
    renderWithProviders(<DepositModal visible onClose={close} onDeposited={deposited} />);
    fireEvent.press(await screen.findByRole('tab', { name: 'TrueMoney gift link' }));
    fireEvent.press(screen.getByRole('button', { name: 'Send gift link' }));
    expect(await screen.findAllByText('Please paste the gift link')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('TrueMoney gift link'), 'https://gift.truemoney.com/campaign/?v=used');
    fireEvent.press(screen.getByRole('button', { name: 'Send gift link' }));
    expect((await screen.findAllByText('This gift link has already been used')).length).toBeGreaterThan(0);
    fireEvent.changeText(screen.getByLabelText('TrueMoney gift link'), ' https://gift.truemoney.com/campaign/?v=abc ');
    fireEvent.press(screen.getByRole('button', { name: 'Send gift link' }));
    expect(await screen.findByText('The gift link was received: 50.00 baht has been added to your wallet.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ link: 'https://gift.truemoney.com/campaign/?v=abc' });
    expect(deposited).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('tells the member a gift being credited is on its way, not to send it again', async () => {
    mockApi({
      'GET /api/lookup/deposit': { body: options },
      'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 70, status: 'PENDING' } },
    });
    renderWithProviders(<DepositModal visible onClose={jest.fn()} onDeposited={jest.fn()} />);
    fireEvent.press(await screen.findByRole('tab', { name: 'TrueMoney gift link' }));
    fireEvent.changeText(screen.getByLabelText('TrueMoney gift link'), 'https://gift.truemoney.com/campaign/?v=late');
    fireEvent.press(screen.getByRole('button', { name: 'Send gift link' }));
    expect(
      await screen.findByText(
        'The gift link was received: 70.00 baht is being credited to your wallet and will show in a few minutes. There is no need to send it again.',
      ),
    ).toBeTruthy();
  });
});

describe('deposit strings', () => {
  it('exist in th, la and en alike', () => {
    const { depositBundles } = jest.requireActual('../i18n') as typeof import('../i18n');
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o)
        .flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
        .sort();
    expect(keys(depositBundles.th)).toEqual(keys(depositBundles.en));
    expect(keys(depositBundles.la)).toEqual(keys(depositBundles.en));
  });
});
