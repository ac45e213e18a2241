import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const operatorsKey = [...opKey, 'operators'] as const;

/** getOperators lists the console's accounts. */
export function getOperators() {
  return opApi.get<Answer<'/api/operator/operators', 'get'>>('/api/operator/operators');
}

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: getOperators });
}
