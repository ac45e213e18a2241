import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { Game } from './types';

export const gamesKey = [...opKey, 'games'] as const;

/** getGames lists the game catalogue. */
export function getGames() {
  return opApi.get<{ games: Game[] }>('/api/operator/games');
}

export function useGames() {
  return useQuery({ queryKey: gamesKey, queryFn: getGames });
}
