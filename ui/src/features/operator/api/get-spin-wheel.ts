import type { components } from '@/lib/api-schema.generated';
import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';

export type ActiveWheel = components['schemas']['ActiveWheel'];

export const activeWheelKey = [...opKey, 'spinwheel'] as const;

/** getActiveWheel reads the active wheel with today's spins and budget (404 when none is active). */
export function getActiveWheel() {
  return opApi.get<ActiveWheel>('/api/operator/spinwheel');
}

export function useActiveWheel() {
  return useQuery({ queryKey: activeWheelKey, queryFn: getActiveWheel, retry: false });
}
