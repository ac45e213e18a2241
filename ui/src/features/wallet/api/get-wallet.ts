import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';
import { walletQueryKey } from '@/lib/query-keys';

type Schemas = components['schemas'];

export type GameCategory = Schemas['GameCategory'];

/** Slot is one game of the catalogue with the member's account there (spec part 3). */
export type Slot = Schemas['Slot'];

/** WalletResponse is the answer of GET /api/wallet and GET /api/wallet/refresh/slot. */
export type WalletResponse = Schemas['Wallet'];

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
