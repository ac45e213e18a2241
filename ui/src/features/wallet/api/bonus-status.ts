// What the home and the withdraw modal show of the member's bonus: whether a condition is active
// and what unlocks withdrawals (docs/api.md, "Bonuses and promotions"). The bonus page has its own
// calls (features/bonus); both use these query keys, so the page's changes refresh the home's.
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export function useActiveBonus(enabled = true) {
  return useQuery({
    queryKey: ['bonus', 'active'],
    queryFn: () => api.get<Schemas['ActiveBonus']>('/api/bonus/check/active'),
    enabled,
  });
}

export function useBonusThresholds(enabled = true) {
  return useQuery({
    queryKey: ['bonus', 'minimum'],
    queryFn: () => api.get<Schemas['BonusMinimum']>('/api/bonus/check/minimum'),
    enabled,
  });
}
