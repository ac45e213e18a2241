import { useMutation, useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { gamesKey } from './get-games';
import type { components } from '@/lib/api-schema.generated';

export type GameBody = components['schemas']['GameInput'];
export type GameCategory = components['schemas']['GameCategory'];

/** saveGame replaces a game's entry in the catalogue. */
export function saveGame(code: string, body: GameBody) {
  return opApi.put(`/api/operator/games/${encodeURIComponent(code)}`, body);
}

export function useSaveGame(onSaved: (code: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: GameBody }) => saveGame(code, body),
    onSuccess: (_a, { code }) => {
      onSaved(code);
      client.invalidateQueries({ queryKey: gamesKey });
    },
  });
}
