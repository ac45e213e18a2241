import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, qs } from './client';
import type { PayoutStatus } from './types';

export const payoutsKey = [...opKey, 'payouts'] as const;

/** payoutsRefreshMs is how often the payouts of a status are read again. */
const payoutsRefreshMs = 30_000;

/** getPayouts reads the automatic payouts of a status (UNKNOWN: the queue operators resolve). */
export function getPayouts(status: PayoutStatus) {
  return opApi.get<Answer<'/api/operator/payouts', 'get'>>(`/api/operator/payouts${qs({ status })}`);
}

export function usePayouts(status: PayoutStatus) {
  return useQuery({ queryKey: [...payoutsKey, status] as const, queryFn: () => getPayouts(status), refetchInterval: payoutsRefreshMs });
}
