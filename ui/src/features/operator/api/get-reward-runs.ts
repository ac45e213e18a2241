import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi } from './client';
import { rewardsKey, type Program } from './get-reward-settings';

export type Run = components['schemas']['RewardRun'];

/** getRewardRuns lists a program's accrual runs with their totals. */
export function getRewardRuns(program: Program) {
  return opApi.get<Answer<'/api/operator/rewards/{program}/runs', 'get'>>(`/api/operator/rewards/${program}/runs`).then((r) => r.runs);
}

export function useRewardRuns(program: Program, enabled: boolean) {
  return useQuery({ queryKey: [...rewardsKey.of(program), 'runs'], queryFn: () => getRewardRuns(program), enabled });
}
