import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, opKey } from './client';

export type OpBonus = components['schemas']['OpBonus'];

export const bonusesKey = [...opKey, 'bonuses'] as const;

/** getBonuses lists the deposit bonuses. */
export function getBonuses() {
  return opApi.get<Answer<'/api/operator/bonuses', 'get'>>('/api/operator/bonuses');
}

export function useBonuses() {
  return useQuery({ queryKey: bonusesKey, queryFn: getBonuses });
}
