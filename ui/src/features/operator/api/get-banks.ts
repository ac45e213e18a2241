import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const banksKey = [...opKey, 'banks'] as const;

/** getBanks reads the bank directory with its flags. */
export function getBanks() {
  return opApi.get<Answer<'/api/operator/banks', 'get'>>('/api/operator/banks');
}

export function useBanks() {
  return useQuery({ queryKey: banksKey, queryFn: getBanks });
}
