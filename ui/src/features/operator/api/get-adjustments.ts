import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, pageSize, qs } from './client';

export const adjustmentsKey = {
  all: [...opKey, 'adjustments'] as const,
  page: (page: number) => [...opKey, 'adjustments', page] as const,
};

/** getAdjustments reads a page of the manual credits and debits. */
export function getAdjustments(page: number) {
  return opApi.get<Answer<'/api/operator/adjustments', 'get'>>(`/api/operator/adjustments${qs({ page, limit: pageSize })}`);
}

export function useAdjustments(page: number) {
  return useQuery({ queryKey: adjustmentsKey.page(page), queryFn: () => getAdjustments(page), placeholderData: keepPreviousData });
}
