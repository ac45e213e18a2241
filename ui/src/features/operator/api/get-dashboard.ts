import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { Dashboard } from './types';

export const dashboardKey = [...opKey, 'dashboard'] as const;

/** dashboardRefreshMs is how often the dashboard's figures are read again. */
const dashboardRefreshMs = 60_000;

/** getDashboard reads today's figures. */
export function getDashboard() {
  return opApi.get<Dashboard>('/api/operator/dashboard');
}

export function useDashboard() {
  return useQuery({ queryKey: dashboardKey, queryFn: getDashboard, refetchInterval: dashboardRefreshMs });
}
