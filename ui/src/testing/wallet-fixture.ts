import type { Slot, WalletResponse } from '@/features/wallet/api/get-wallet';

/** slot builds a game of the wallet answer for tests. */
export function slot(overrides: Partial<Slot> & Pick<Slot, 'code' | 'name'>): Slot {
  return {
    logo: '',
    background: '',
    isActive: false,
    amount: 0,
    ftWalletSlot: 1,
    category: 'slot',
    web: null,
    android: null,
    ios: null,
    ...overrides,
  };
}

/** walletAnswer is a wallet answer for tests: 1,000.00 in the wallet and three games. */
export function walletAnswer(overrides: Partial<WalletResponse> = {}): WalletResponse {
  return {
    profile: {
      _id: '0123456789abcdef01234567',
      memberCode: '7K3MQ9XA',
      name: 'Demo Player',
      username: '0812345678',
      createdAt: '2026-11-22T02:00:00Z',
      coin: 3,
    },
    bankAccount: {
      bankCode: 'KBANK',
      bankAccountName: 'DEMO PLAYER',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
      bank: { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    },
    wallet: { amount: 1000 },
    invite: { amount: 12.5, success: 0, fail: 0 },
    slots: [
      slot({ code: 'SIAMSLOT', name: 'Siam Slot', isActive: true, amount: 250.5 }),
      slot({ code: 'MEKONG', name: 'Mekong Fortune', isActive: true, amount: 100.25, ftWalletSlot: 0.5 }),
      slot({ code: 'MUAYBET', name: 'Muay Sports', category: 'sport' }),
    ],
    updatedAt: '2026-11-22T02:00:00Z',
    ...overrides,
  };
}
