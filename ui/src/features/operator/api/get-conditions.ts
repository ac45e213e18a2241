import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';

export type OpCondition = {
  _id: string;
  memberId: string;
  phone: string;
  name: string;
  source: 'bonus' | 'promotion';
  code: string;
  type: string;
  amount: number;
  base: number;
  target: number;
  minimum: number;
  progress: number;
  total: number;
  /** play is the game results (wins − bets) booked since the condition started. */
  play: number;
  createdAt: string;
};

export const conditionsKey = [...opKey, 'conditions'] as const;

/** getConditions lists the running turnover conditions of bonuses and promotions. */
export function getConditions() {
  return opApi.get<{ conditions: OpCondition[] }>('/api/operator/conditions');
}

export function useConditions() {
  return useQuery({ queryKey: conditionsKey, queryFn: getConditions });
}
