import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';

export type OpPromotion = {
  code: string;
  description: string;
  amount: number;
  percentFail: number;
  successPercent: number;
  limitTotal: number;
  limitPerMember: number;
  used: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
};

export const promotionsKey = [...opKey, 'promotions'] as const;

/** getPromotions lists the promotion codes. */
export function getPromotions() {
  return opApi.get<{ promotions: OpPromotion[] }>('/api/operator/promotions');
}

export function usePromotions() {
  return useQuery({ queryKey: promotionsKey, queryFn: getPromotions });
}
