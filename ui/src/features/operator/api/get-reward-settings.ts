import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, opKey } from './client';

/** Program is a rewards program: cashback on net loss (refund) or the inviter's share (invite). */
export type Program = 'refund' | 'invite';

export type RewardSettings = components['schemas']['RewardSettings'];

/** rewardsKey roots every query of the rewards programs; rewardsKey.of(program) those of one. */
export const rewardsKey = {
  all: [...opKey, 'rewards'] as const,
  of: (program: Program) => [...opKey, 'rewards', program] as const,
};

/** getRewardSettings reads a program's settings. */
export function getRewardSettings(program: Program) {
  return opApi
    .get<Answer<'/api/operator/rewards/{program}/settings', 'get'>>(`/api/operator/rewards/${program}/settings`)
    .then((r) => r.settings);
}

export function useRewardSettings(program: Program) {
  return useQuery({ queryKey: [...rewardsKey.of(program), 'settings'], queryFn: () => getRewardSettings(program) });
}
