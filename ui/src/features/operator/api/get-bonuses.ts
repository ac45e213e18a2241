import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi, opKey } from './client';

export type OpBonus = components['schemas']['OpBonus'];

export const bonusesKey = [...opKey, 'bonuses'] as const;

/** getBonuses lists the deposit bonuses. */
export function getBonuses() {
  return opApi.get<{ bonuses: OpBonus[] }>('/api/operator/bonuses');
}

export function useBonuses() {
  return useQuery({ queryKey: bonusesKey, queryFn: getBonuses });
}
