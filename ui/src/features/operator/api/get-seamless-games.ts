import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { SeamlessCatalogueGame, SeamlessCatalogueSync } from './types';

export const seamlessGamesKey = [...opKey, 'seamless', 'games'] as const;

/** getSeamlessGames lists the whole synced catalogue (enabled or not, listed or not) and each aggregator's last sync. */
export function getSeamlessGames() {
  return opApi.get<{ games: SeamlessCatalogueGame[]; syncs: SeamlessCatalogueSync[] }>('/api/operator/seamless/games');
}

export function useSeamlessGames() {
  return useQuery({ queryKey: seamlessGamesKey, queryFn: getSeamlessGames });
}
