import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { SeamlessAggregator } from './types';

export const seamlessAggregatorsKey = [...opKey, 'seamless', 'aggregators'] as const;

/** getSeamlessAggregators lists the configured aggregators: whether keys are set, never a key. */
export function getSeamlessAggregators() {
  return opApi.get<{ aggregators: SeamlessAggregator[] }>('/api/operator/seamless/aggregators');
}

export function useSeamlessAggregators() {
  return useQuery({ queryKey: seamlessAggregatorsKey, queryFn: getSeamlessAggregators });
}
