import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { SeamlessRound } from './types';

/** RoundQuery finds a round by its id or by one of its transaction ids. */
export type RoundQuery = { provider: string; by: 'round' | 'tx'; id: string };

export const seamlessRoundKey = (q: RoundQuery | null) => [...opKey, 'seamless', 'round', q] as const;

/** getSeamlessRound reads a round with its transactions. */
export function getSeamlessRound(q: RoundQuery) {
  const params = new URLSearchParams({ provider: q.provider, [q.by]: q.id });
  return opApi.get<SeamlessRound>(`/api/operator/seamless/rounds?${params.toString()}`);
}

export function useSeamlessRound(q: RoundQuery | null) {
  return useQuery({ queryKey: seamlessRoundKey(q), queryFn: () => getSeamlessRound(q as RoundQuery), enabled: !!q, retry: false });
}
