import type { components } from '@/lib/api-schema.generated';
import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export type OpCondition = components['schemas']['OpCondition'];

export const conditionsKey = [...opKey, 'conditions'] as const;

/** getConditions lists the running turnover conditions of bonuses and promotions. */
export function getConditions() {
  return opApi.get<Answer<'/api/operator/conditions', 'get'>>('/api/operator/conditions');
}

export function useConditions() {
  return useQuery({ queryKey: conditionsKey, queryFn: getConditions });
}
