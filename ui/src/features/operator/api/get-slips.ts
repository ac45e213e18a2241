import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi, opKey } from './client';

/** SlipQueue is the slips waiting for review and the reasons a slip may be rejected with. */
export type SlipQueue = components['schemas']['SlipQueue'];

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
