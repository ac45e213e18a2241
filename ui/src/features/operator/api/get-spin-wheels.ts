import { useQuery } from '@tanstack/react-query';

import type { Wheel } from '../wheel-preview';
import { opApi, opKey } from './client';

export const wheelsKey = [...opKey, 'spinwheels'] as const;

/** getWheels lists every wheel, the active one among them. */
export function getWheels() {
  return opApi.get<{ wheels: Wheel[] }>('/api/operator/spinwheels').then((r) => r.wheels);
}

export function useWheels() {
  return useQuery({ queryKey: wheelsKey, queryFn: getWheels });
}
