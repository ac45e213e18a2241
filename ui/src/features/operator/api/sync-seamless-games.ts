import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type Answer, opApi } from './client';
import { seamlessGamesKey } from './get-seamless-games';

/** SyncAnswer is each aggregator's outcome of a sync: what changed, or its error. */
export type SyncAnswer = Answer<'/api/operator/seamless/games/sync', 'post'>;

/** syncSeamlessGames reads every enabled aggregator's catalogue now, on the server that answers. */
export function syncSeamlessGames() {
  return opApi.post<SyncAnswer>('/api/operator/seamless/games/sync');
}

export function useSyncSeamlessGames() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncSeamlessGames,
    onSuccess: () => client.invalidateQueries({ queryKey: seamlessGamesKey }),
  });
}
