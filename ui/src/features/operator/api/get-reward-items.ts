import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, pageSize, qs } from './client';
import { rewardsKey, type Program } from './get-reward-settings';

export type Item = components['schemas']['RewardItem'];

/** getRewardItems reads a page of a program's rewards, of one member when member is set. */
export function getRewardItems(program: Program, member: string, page: number) {
  return opApi.get<Answer<'/api/operator/rewards/{program}/items', 'get'>>(
    `/api/operator/rewards/${program}/items${qs({ page, limit: pageSize, member: member.trim() })}`,
  );
}

export function useRewardItems(program: Program, member: string, page: number) {
  return useQuery({ queryKey: [...rewardsKey.of(program), 'items', member, page], queryFn: () => getRewardItems(program, member, page) });
}
