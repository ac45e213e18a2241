// The member's spin wheel calls (docs/api.md, "Spin wheel").
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import { walletQueryKey } from '@/lib/query-keys';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type PrizeType = Schemas['PrizeType'];
export type Labels = Schemas['Labels'];

export type Slice = Schemas['Slice'];

export type SpinSetup = Schemas['SpinSetup'];

export type SpinResult = Schemas['SpinResult'];

export type Coupon = Schemas['Coupon'];

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
  return () => Promise.all([client.invalidateQueries({ queryKey: spinKeys.all }), client.invalidateQueries({ queryKey: walletQueryKey })]);
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
