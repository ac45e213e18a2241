// The member's bonus and promotion calls (docs/api.md, "Bonuses and promotions").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type BonusType = Schemas['BonusType'];

export type Banner = Schemas['Banner'];

export type UserBonus = Schemas['UserBonus'];

export type Bonus = Schemas['Bonus'];

export type ActiveBonus = Schemas['ActiveBonus'];

export type BonusMinimum = Schemas['BonusMinimum'];

export type Promotion = Schemas['Promotion'];

export const bonusKeys = {
  all: ['bonus'] as const,
  list: ['bonus', 'list'] as const,
  active: ['bonus', 'active'] as const,
  minimum: ['bonus', 'minimum'] as const,
};

export function useBonuses() {
  return useQuery({
    queryKey: bonusKeys.list,
    queryFn: () => api.get<{ bonuses: Bonus[] }>('/api/bonus').then((r) => r.bonuses),
  });
}

/** useActiveBonus answers whether a bonus or promotion condition is active, and its type. */
export function useActiveBonus(enabled = true) {
  return useQuery({
    queryKey: bonusKeys.active,
    queryFn: () => api.get<ActiveBonus>('/api/bonus/check/active'),
    enabled,
  });
}

/** useBonusMinimum gives the thresholds of the active condition (minimum, target, progress). */
export function useBonusMinimum(enabled = true) {
  return useQuery({
    queryKey: bonusKeys.minimum,
    queryFn: () => api.get<BonusMinimum>('/api/bonus/check/minimum'),
    enabled,
  });
}

const path = (code: string) => encodeURIComponent(code.trim().toUpperCase());

/** useInvalidateBonus reloads everything that a receipt or a cancel changes. */
export function useInvalidateBonus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: bonusKeys.all });
}

export function useActivateBonus() {
  return useIdempotentMutation((code: string, key: string) =>
    api.get<{ message: string }>(`/api/bonus/activate/${path(code)}`, { headers: { [idempotencyHeader]: key } }),
  );
}

export function useClearBonus() {
  return useIdempotentMutation((_: null, key: string) =>
    api.get<{ message: string }>('/api/bonus/clear', { headers: { [idempotencyHeader]: key } }),
  );
}

export function useFindPromotion() {
  return useMutation({ mutationFn: (code: string) => api.get<Promotion>(`/api/promotion/find/${path(code)}`) });
}

export function useActivatePromotion() {
  return useIdempotentMutation((code: string, key: string) =>
    api.get<{ message: string }>(`/api/promotion/activate/${path(code)}`, { headers: { [idempotencyHeader]: key } }),
  );
}
