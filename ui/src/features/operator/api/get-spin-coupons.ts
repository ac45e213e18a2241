import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, opKey, pageSize, qs } from './client';

export type Coupon = components['schemas']['OpCoupon'];

export const couponsKey = (page: number) => [...opKey, 'spin-coupons', page] as const;

/** getCoupons reads a page of the prize coupons the wheel gave. */
export function getCoupons(page: number) {
  return opApi.get<Answer<'/api/operator/spinwheel/coupons', 'get'>>(`/api/operator/spinwheel/coupons${qs({ page, limit: pageSize })}`);
}

export function useCoupons(page: number) {
  return useQuery({ queryKey: couponsKey(page), queryFn: () => getCoupons(page), placeholderData: keepPreviousData });
}
