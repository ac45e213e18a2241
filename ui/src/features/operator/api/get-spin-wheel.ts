import { useQuery } from '@tanstack/react-query';

import type { Wheel } from '../wheel-preview';
import { opApi, opKey } from './client';

export type ActiveWheel = Wheel & {
  today: { day: string; budget: number; spent: number; spins: number };
  budgetExhausted: boolean;
};

export const activeWheelKey = [...opKey, 'spinwheel'] as const;

/** getActiveWheel reads the active wheel with today's spins and budget (404 when none is active). */
export function getActiveWheel() {
  return opApi.get<ActiveWheel>('/api/operator/spinwheel');
}

export function useActiveWheel() {
  return useQuery({ queryKey: activeWheelKey, queryFn: getActiveWheel, retry: false });
}
