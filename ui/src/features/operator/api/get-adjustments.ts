import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { opApi, opKey, pageSize, qs } from './client';
import type { Adjustment } from './types';

export const adjustmentsKey = {
  all: [...opKey, 'adjustments'] as const,
  page: (page: number) => [...opKey, 'adjustments', page] as const,
};

/** getAdjustments reads a page of the manual credits and debits. */
export function getAdjustments(page: number) {
  return opApi.get<{ adjustments: Adjustment[]; total: number }>(`/api/operator/adjustments${qs({ page, limit: pageSize })}`);
}

export function useAdjustments(page: number) {
  return useQuery({ queryKey: adjustmentsKey.page(page), queryFn: () => getAdjustments(page), placeholderData: keepPreviousData });
}
