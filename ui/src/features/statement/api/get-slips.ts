import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { apiBaseUrl } from '@/lib/config';

/** Slip is a slip of the member's slip statement (spec part 3). */
export type Slip = {
  createdAt: string;
  amount: number;
  status: 'SUCCESS' | 'FAILED' | 'PENDING' | string;
  note: string | null;
  link: string;
  reference: string;
};

/** slipPageSize is the slip table's page size (spec part 9). */
export const slipPageSize = 10;

export type SlipPage = { total: number; slips: Slip[] };
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
