import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type Answer, opApi } from './client';
import { collectionKey } from './get-collection';
import { gameResultsKey } from './get-game-results';

/** runCollection collects the game results now instead of at the next scheduled run. */
export function runCollection() {
  return opApi.post<Answer<'/api/operator/collection/run', 'post'>>('/api/operator/collection/run', {});
}

export function useRunCollection(onCollected: (bets: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runCollection,
    onSuccess: ({ bets }) => {
      onCollected(bets);
      client.invalidateQueries({ queryKey: collectionKey });
      client.invalidateQueries({ queryKey: gameResultsKey.all });
    },
  });
}
