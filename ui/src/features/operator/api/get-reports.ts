import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, qs } from './client';

export type DayRange = { from: string; to: string };

export const reportsKey = (range: DayRange) => [...opKey, 'reports', range] as const;

/** getDailyReport reads the daily totals of a range of Bangkok days. */
export function getDailyReport(range: DayRange) {
  return opApi.get<Answer<'/api/operator/reports/daily', 'get'>>(`/api/operator/reports/daily${qs(range)}`);
}

export function useDailyReport(range: DayRange) {
  return useQuery({ queryKey: reportsKey(range), queryFn: () => getDailyReport(range) });
}
