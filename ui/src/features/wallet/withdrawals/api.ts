import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

export type MemberWithdrawal = components['schemas']['MemberWithdrawal'];

/** recentWithdrawalsLimit is how many of the member's newest withdrawals the withdraw modal lists. */
export const recentWithdrawalsLimit = 5;

/** useRecentWithdrawals reads the member's own newest withdrawals with their progress. */
export function useRecentWithdrawals() {
  return useQuery({
    queryKey: ['wallet', 'withdrawals', recentWithdrawalsLimit],
    queryFn: () => api.get<{ withdrawals: MemberWithdrawal[] }>(`/api/wallet/withdrawals?limit=${recentWithdrawalsLimit}`),
    staleTime: 0,
  });
}
