import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, opKey, pageSize, qs } from './client';

export type Grant = components['schemas']['CoinGrant'];

export const coinGrantsKey = {
  all: [...opKey, 'coin-grants'] as const,
  page: (page: number) => [...opKey, 'coin-grants', page] as const,
};

/** getCoinGrants reads a page of the coins operators gave or took. */
export function getCoinGrants(page: number) {
  return opApi.get<Answer<'/api/operator/coins', 'get'>>(`/api/operator/coins${qs({ page, limit: pageSize })}`);
}

export function useCoinGrants(page: number) {
  return useQuery({ queryKey: coinGrantsKey.page(page), queryFn: () => getCoinGrants(page), placeholderData: keepPreviousData });
}
