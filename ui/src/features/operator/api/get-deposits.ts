import type { components } from '@/lib/api-schema.generated';
import { useQuery } from '@tanstack/react-query';

import { opApi, opKey, qs } from './client';

/** depositsPageSize is the server's page of credited deposits: a shorter page is the last. */
export const depositsPageSize = 50;

export type DepositsAnswer = components['schemas']['DepositsAnswer'];

export const depositsKey = {
  all: [...opKey, 'deposits'] as const,
  page: (page: number) => [...opKey, 'deposits', page] as const,
};

/** getDeposits reads a page of credited deposits with the queues of vouchers and QR payments. */
export function getDeposits(page: number) {
  return opApi.get<DepositsAnswer>(`/api/operator/deposits${qs({ page })}`);
}

export function useDeposits(page: number) {
  return useQuery({ queryKey: depositsKey.page(page), queryFn: () => getDeposits(page) });
}
