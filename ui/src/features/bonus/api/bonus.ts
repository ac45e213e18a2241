// The member's bonus and promotion calls (docs/api.md, "Bonuses and promotions").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

export type BonusType = 'limit' | 'day' | 'week';

export type Banner = { lang?: string; image: string; html: string };

export type UserBonus = { _id: string; isActive: boolean; received: { updatedAt: string }[] };

export type Bonus = {
  _id: string;
  code: string;
  name: string;
  type: BonusType;
  maxReceived: number;
  percentFail: number;
  successPercent: number;
  amount: number;
  percent: number;
  cap: number;
  minDeposit: number;
  firstDepositOfDay: boolean;
  banners: Banner[];
  receivedOut: boolean;
  userBonus: UserBonus | null;
};

export type ActiveBonus = {
  status: boolean;
  type: BonusType | 'promotion' | 'refund' | 'invite' | null;
  code?: string;
  source?: 'bonus' | 'promotion' | 'refund' | 'invite';
  amount?: number;
  percentFail?: number;
  successPercent?: number;
};

export type BonusMinimum = {
  status: boolean;
  minimum: number;
  target: number;
  progress: number;
  base: number;
  percentFail: number;
};

export type Promotion = { code: string; description: string; amount: number; percentFail: number };

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
