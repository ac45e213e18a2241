import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type Answer, opApi } from './client';
import { collectionKey } from './get-collection';
import type { Run } from './get-reward-runs';
import { rewardsKey, type Program } from './get-reward-settings';

/** closeRewardPeriod closes a program's current period now and accrues it. */
export function closeRewardPeriod(program: Program) {
  return opApi.post<Answer<`/api/operator/${Program}/close-period`, 'post'>>(`/api/operator/${program}/close-period`, {});
}

export function useCloseRewardPeriod(program: Program, onClosed: (run: Run) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => closeRewardPeriod(program),
    onSuccess: ({ run }) => {
      onClosed(run);
      client.invalidateQueries({ queryKey: rewardsKey.all });
      client.invalidateQueries({ queryKey: collectionKey });
    },
  });
}
