import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { apiBaseUrl } from '@/lib/config';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

/** Slip is a slip of the member's slip statement (spec part 3). */
export type Slip = Schemas['Slip'];

/** slipPageSize is the slip table's page size (spec part 9). */
export const slipPageSize = 10;

export type SlipPage = Schemas['SlipPage'];
export function getSlips(page: number): Promise<SlipPage> {
  return api.post<SlipPage>('/api/statement/slip', { page, limit: slipPageSize });
}
export function useSlips(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['member', 'slips', page],
    queryFn: () => getSlips(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

/** slipImageUrl asks for a short-lived link to the member's own slip image. */
export async function slipImageUrl(reference: string): Promise<string> {
  const r = await api.get<{ url: string }>(`/api/statement/slip/reference/${encodeURIComponent(reference)}`);
  return `${apiBaseUrl}${r.url}`;
}
