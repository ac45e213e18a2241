import { useMutation, useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { rewardsKey, type Program, type RewardSettings } from './get-reward-settings';

/** saveRewardSettings replaces a program's settings. */
export function saveRewardSettings(program: Program, settings: RewardSettings) {
  return opApi.put(`/api/operator/rewards/${program}/settings`, settings);
}

export function useSaveRewardSettings(program: Program, onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RewardSettings) => saveRewardSettings(program, settings),
    onSuccess: () => {
      onSaved();
      client.invalidateQueries({ queryKey: rewardsKey.all });
    },
  });
}
