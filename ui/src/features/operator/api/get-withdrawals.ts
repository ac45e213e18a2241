import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, qs } from './client';

export const withdrawalsKey = [...opKey, 'withdrawals'] as const;

/** queueRefreshMs is how often the withdrawal queue is read again. */
const queueRefreshMs = 30_000;

/** getWithdrawals reads the withdrawal queue, oldest first. */
export function getWithdrawals() {
  return opApi.get<Answer<'/api/operator/withdrawals', 'get'>>('/api/operator/withdrawals');
}

export function useWithdrawals() {
  return useQuery({ queryKey: withdrawalsKey, queryFn: getWithdrawals, refetchInterval: queueRefreshMs });
}

/** HistoryStatus is a processed withdrawal's state. */
export type HistoryStatus = 'APPROVED' | 'REJECTED';

/** getWithdrawalHistory reads the processed withdrawals of a state, newest decided first. */
export function getWithdrawalHistory(status: HistoryStatus) {
  return opApi.get<Answer<'/api/operator/withdrawals', 'get'>>(`/api/operator/withdrawals${qs({ status })}`);
}

export function useWithdrawalHistory(status: HistoryStatus) {
  return useQuery({ queryKey: [...withdrawalsKey, status] as const, queryFn: () => getWithdrawalHistory(status) });
}
