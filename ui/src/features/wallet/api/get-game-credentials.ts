import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type GameCredentials = Schemas['GameCredentials'];

export const gameCredentialsKey = (code: string) => ['member', 'game-account', code] as const;

export function getGameCredentials(code: string): Promise<GameCredentials> {
  return api.get<GameCredentials>(`/api/wallet/account/${encodeURIComponent(code)}`);
}

export const gameCredentialsQuery = (code: string) =>
  queryOptions({ queryKey: gameCredentialsKey(code), queryFn: () => getGameCredentials(code) });

/** useGameCredentials loads the game's username and password while enabled. */
export function useGameCredentials(code: string, enabled: boolean) {
  return useQuery({ ...gameCredentialsQuery(code), enabled });
}
