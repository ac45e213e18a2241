import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { ReviewSlip } from './deposits';

/** SlipQueue is the slips waiting for review and the reasons a slip may be rejected with. */
export type SlipQueue = { slips: ReviewSlip[]; reasons: string[] };

export const slipsKey = [...opKey, 'slips'] as const;

/** slipsRefreshMs is how often the review queue is read again. */
const slipsRefreshMs = 30_000;

/** getSlips reads the slips review queue, oldest first. */
export function getSlips() {
  return opApi.get<SlipQueue>('/api/operator/slips');
}

export function useSlips() {
  return useQuery({ queryKey: slipsKey, queryFn: getSlips, refetchInterval: slipsRefreshMs });
}
