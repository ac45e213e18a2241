import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { OperatorRow } from './types';

export const operatorsKey = [...opKey, 'operators'] as const;

/** getOperators lists the console's accounts. */
export function getOperators() {
  return opApi.get<{ operators: OperatorRow[] }>('/api/operator/operators');
}

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: getOperators });
}
