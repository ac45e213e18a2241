import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { api } from '@/lib/api';
import { walletQueryKey } from '@/lib/query-keys';

export type GameCategory = 'slot' | 'sport' | 'lotto';

/** Slot is one game of the catalogue with the member's account there (spec part 3). */
export type Slot = {
  code: string;
  name: string;
  logo: string;
  background: string;
  isActive: boolean;
  amount: number;
  ftWalletSlot: number;
  category: GameCategory;
  web: string | null;
  android: string | null;
  ios: string | null;
};

/** WalletResponse is the answer of GET /api/wallet and GET /api/wallet/refresh/slot. */
export type WalletResponse = {
  profile: { _id: string; name: string; username: string; createdAt: string; coin: number };
  bankAccount: {
    bankCode: string;
    bankAccountName: string;
    bankAccountNo: string;
    currency?: string;
    bank?: { code: string; nameTH: string; nameEN?: string };
  } | null;
  wallet: { amount: number };
  invite: { amount: number; success: number; fail: number };
  slots: Slot[];
  updatedAt: string;
};

/** getWallet reads the balances as last booked. */
export function getWallet(): Promise<WalletResponse> {
  return api.get<WalletResponse>('/api/wallet');
}

/**
 * useReloadWallet reloads the balances after a change (the saved flag of spec part 4) with
 * GET /api/wallet; a failed reload keeps the old figures (the refresh action is there).
 */
export function useReloadWallet() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      queryClient.setQueryData(walletQueryKey, await getWallet());
    } catch {
      // Keep what is shown.
    }
  }, [queryClient]);
}
