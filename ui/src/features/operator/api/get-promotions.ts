import type { components } from '@/lib/api-schema.generated';
import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export type OpPromotion = components['schemas']['OpPromotion'];

export const promotionsKey = [...opKey, 'promotions'] as const;

/** getPromotions lists the promotion codes. */
export function getPromotions() {
  return opApi.get<Answer<'/api/operator/promotions', 'get'>>('/api/operator/promotions');
}

export function usePromotions() {
  return useQuery({ queryKey: promotionsKey, queryFn: getPromotions });
}
