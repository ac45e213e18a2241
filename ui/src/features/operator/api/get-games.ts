import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const gamesKey = [...opKey, 'games'] as const;

/** getGames lists the game catalogue. */
export function getGames() {
  return opApi.get<Answer<'/api/operator/games', 'get'>>('/api/operator/games');
}

export function useGames() {
  return useQuery({ queryKey: gamesKey, queryFn: getGames });
}
