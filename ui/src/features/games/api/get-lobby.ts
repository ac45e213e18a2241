// GET /api/games/lobby: the games a member may open (docs/api.md, "The game lobby").
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type LobbyGame = Schemas['LobbyGame'];
export type GameLobby = Schemas['GameLobby'];

export const lobbyQueryKey = ['member', 'games', 'lobby'] as const;

export function getLobby(): Promise<GameLobby> {
  return api.get<GameLobby>('/api/games/lobby');
}

/** useLobby reads the lobby; the catalogue changes hourly at most, so a minute's cache is fresh enough. */
export function useLobby() {
  return useQuery({ queryKey: lobbyQueryKey, queryFn: getLobby, staleTime: 60_000 });
}

/** gameKey names a game across providers (a code is unique per provider only). */
export function gameKey(g: Pick<LobbyGame, 'provider' | 'code'>): string {
  return `${g.provider}/${g.code}`;
}
