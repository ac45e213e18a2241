import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { Withdrawal } from './types';

export const withdrawalsKey = [...opKey, 'withdrawals'] as const;

/** queueRefreshMs is how often the withdrawal queue is read again. */
const queueRefreshMs = 30_000;

/** getWithdrawals reads the withdrawal queue, oldest first. */
export function getWithdrawals() {
  return opApi.get<{ withdrawals: Withdrawal[] }>('/api/operator/withdrawals');
}

export function useWithdrawals() {
  return useQuery({ queryKey: withdrawalsKey, queryFn: getWithdrawals, refetchInterval: queueRefreshMs });
}
