import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api';
import { walletQueryKey } from '@/lib/query-keys';
import { storageKeys, writeItem } from '@/lib/storage';

import { takeEarlyWallet, takeEarlyWalletData } from './early-wallet';
import type { WalletResponse } from './get-wallet';

/**
 * refreshWallet asks every game for its balance first, then answers like getWallet; the time
 * of the refresh is kept under last_sync.
 */
export async function refreshWallet(): Promise<WalletResponse> {
  const data = await api.get<WalletResponse>('/api/wallet/refresh/slot');
  writeItem(storageKeys.lastSync, new Date().toISOString());
  return data;
}

/** walletQuery loads the home screen by refreshing every game (on load and on refresh). */
export const walletQuery = queryOptions({ queryKey: walletQueryKey, queryFn: refreshWallet });

/**
 * useWallet loads the home screen; every mount refreshes the games again (spec part 2). On a
 * web page load the balances as last booked (GET /api/wallet, started by the page's inline
 * script before the bundles: early-wallet.ts) show first, the refreshed ones when they come.
 */
export function useWallet() {
  const queryClient = useQueryClient();
  useEffect(() => {
    takeEarlyWallet()?.then((data) => {
      if (data && queryClient.getQueryData(walletQueryKey) === undefined) queryClient.setQueryData(walletQueryKey, data, { updatedAt: 0 });
    });
  }, [queryClient]);
  return useQuery({
    ...walletQuery,
    refetchOnMount: 'always',
    initialData: takeEarlyWalletData,
    initialDataUpdatedAt: 0,
  });
}

/** useCachedWallet gives the wallet already loaded by the home screen, without a call. */
export function useCachedWallet() {
  return useQuery({ ...walletQuery, enabled: false });
}
