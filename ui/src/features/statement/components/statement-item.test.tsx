import { screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { StatementItem } from '../api/get-statement';

import { StatementRow } from './statement-item';

const deposit = (overrides: Partial<StatementItem>): StatementItem => ({
  _id: 'j1',
  statementType: 'deposit',
  from: 'DEPOSIT',
  to: 'WALLET',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-22T02:00:00Z',
  description: null,
  source: 'deposit',
  ...overrides,
});

const banks = [{ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikorn Bank' }];

describe('StatementRow deposit method', () => {
  beforeEach(() => mockApi({ 'GET /api/lookup/banks': { body: banks } }));
  afterAll(() => i18n.changeLanguage('en'));

  // The memo is the ledger journal's (English, for operators): never shown when the method is known.
  const cases: [string, Partial<StatementItem>, Record<'th' | 'la' | 'en', string>][] = [
    ['slip', { method: 'slip', description: 'slip S1' }, { th: 'ฝากเงิน · สลิปโอนเงิน', la: 'ຝາກເງິນ · ສະລິບໂອນເງິນ', en: 'Deposit · Slip' }],
    [
      'gift',
      { method: 'gift', description: 'truemoney gift' },
      { th: 'ฝากเงิน · ซองของขวัญ TrueMoney', la: 'ຝາກເງິນ · ຊອງຂອງຂວັນ TrueMoney', en: 'Deposit · TrueMoney gift' },
    ],
    [
      'qr',
      { method: 'qr', channel: 'WW', description: 'qr deposit WW' },
      { th: 'ฝากเงิน · ชำระผ่าน QR · WW', la: 'ຝາກເງິນ · ຊຳລະຜ່ານ QR · WW', en: 'Deposit · QR payment · WW' },
    ],
    [
      'bank transfer',
      { method: 'bank_transfer', channel: 'KBANK', description: 'bank transfer KBANK' },
      {
        th: 'ฝากเงิน · โอนผ่านธนาคาร · ธนาคารกสิกรไทย',
        la: 'ຝາກເງິນ · ໂອນຜ່ານທະນາຄານ · Kasikorn Bank',
        en: 'Deposit · Bank transfer · Kasikorn Bank',
      },
    ],
  ];
  for (const [name, overrides, want] of cases) {
    for (const lng of ['th', 'la', 'en'] as const) {
      it(`names a ${name} deposit in ${lng}`, async () => {
        await i18n.changeLanguage(lng);
        renderWithProviders(<StatementRow item={deposit(overrides)} accountName={(c) => c} />);
        expect(await screen.findByText(want[lng])).toBeTruthy();
        expect(screen.queryByText(new RegExp(overrides.description ?? ''))).toBeNull();
      });
    }
  }

  it('puts the bank badge by a bank transfer, none by a QR payment', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<StatementRow item={deposit({ method: 'bank_transfer', channel: 'KBANK' })} accountName={(c) => c} />);
    expect(await screen.findByText('Deposit · Bank transfer · Kasikorn Bank')).toBeTruthy();
    expect(screen.getByTestId('bank-badge-KBANK', { includeHiddenElements: true })).toBeTruthy();
    renderWithProviders(<StatementRow item={deposit({ _id: 'j2', method: 'qr', channel: 'WW' })} accountName={(c) => c} />);
    expect(await screen.findByText('Deposit · QR payment · WW')).toBeTruthy();
    expect(screen.queryByTestId('bank-badge-WW', { includeHiddenElements: true })).toBeNull();
  });

  it('shows the memo of a deposit without a method, and an operator reason as written', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<StatementRow item={deposit({ description: 'old memo' })} accountName={(c) => c} />);
    expect(screen.getByText('Deposit · old memo')).toBeTruthy();
    renderWithProviders(
      <StatementRow
        item={deposit({ _id: 'j2', from: 'ADJUSTMENT', source: 'adjustment', description: 'goodwill credit' })}
        accountName={(c) => c}
      />,
    );
    expect(screen.getByText('Adjustment by staff · goodwill credit')).toBeTruthy();
  });
});
