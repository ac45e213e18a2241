// The member's spin wheel calls (docs/api.md, "Spin wheel").
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import { walletQueryKey } from '@/lib/query-keys';

export type PrizeType = 'cash' | 'bonus' | 'coins' | 'nothing';
export type Labels = { th: string; la: string; en: string };

export type Slice = {
  code: string;
  label: string;
  labels: Labels;
  bgColor: string;
  textColor: string;
  htmlDescription: string;
  prize: { type: PrizeType; amount: number; coins: number };
};

export type SpinSetup = {
  activeSpinwheel: { name: string; slice: Slice[]; cost: number; dailyLimit: number } | null;
  userCoin: number;
  spinsToday: number;
};

export type SpinResult = {
  code: string;
  label: string;
  labels: Labels;
  prize: Slice['prize'];
  remainingCoin: number;
  coupon: string | null;
};

export type Coupon = {
  coupon: string;
  prize: { name: string; slice: Slice };
  type: Exclude<PrizeType, 'nothing'>;
  amount: number;
  coins: number;
  status: 'OPEN' | 'CLAIMED' | 'EXPIRED';
  createdAt: string;
  expiresAt: string;
  claimedAt: string | null;
};

export const spinKeys = {
  all: ['spin'] as const,
  setup: ['spin', 'setup'] as const,
  active: ['spin', 'active'] as const,
  coupons: ['spin', 'coupons'] as const,
};

/** labelIn is a slice's label in the app's language (the server's when it has none). */
export function labelIn(slice: { label: string; labels?: Labels }, lang: string): string {
  const l = slice.labels?.[lang as keyof Labels];
  return l || slice.label;
}

export function useSpinSetup() {
  return useQuery({
    queryKey: spinKeys.setup,
    queryFn: () => api.get<{ result: SpinSetup }>('/api/spinwheel/setup').then((r) => r.result),
  });
}

export function useSpinActive() {
  return useQuery({
    queryKey: spinKeys.active,
    queryFn: () => api.get<{ isActive: boolean }>('/api/spinwheel/active').then((r) => r.isActive),
  });
}

export function useCoupons() {
  return useQuery({
    queryKey: spinKeys.coupons,
    queryFn: () => api.get<{ result: Coupon[] }>('/api/spinwheel/coupon').then((r) => r.result),
  });
}

/** useReloadSpin reloads the setup, the coupons and the home's wallet (coins). */
export function useReloadSpin() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: spinKeys.all }),
    client.invalidateQueries({ queryKey: walletQueryKey }),
  ]);
}

export function useSpin() {
  return useIdempotentMutation((_: null, key: string) =>
    api.post<{ success: boolean; result: SpinResult }>('/api/spinwheel/spin', {}, { headers: { [idempotencyHeader]: key } }),
  );
}

export function useClaimCoupon() {
  return useIdempotentMutation((coupon: string, key: string) =>
    api.post<{ success: boolean; result: Coupon }>('/api/spinwheel/coupon/claim', { coupon }, { headers: { [idempotencyHeader]: key } }),
  );
}
