import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { OperatorBank } from './types';

export const banksKey = [...opKey, 'banks'] as const;

/** getBanks reads the bank directory with its flags. */
export function getBanks() {
  return opApi.get<{ banks: OperatorBank[] }>('/api/operator/banks');
}

export function useBanks() {
  return useQuery({ queryKey: banksKey, queryFn: getBanks });
}
