import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const transfersKey = [...opKey, 'transfers'] as const;

/** transfersRefreshMs is how often the open transfers are read again. */
const transfersRefreshMs = 30_000;

/** getOpenTransfers lists the game transfers still PENDING or UNKNOWN. */
export function getOpenTransfers() {
  return opApi.get<Answer<'/api/operator/transfers', 'get'>>('/api/operator/transfers?state=open');
}

export function useOpenTransfers() {
  return useQuery({ queryKey: transfersKey, queryFn: getOpenTransfers, refetchInterval: transfersRefreshMs });
}
