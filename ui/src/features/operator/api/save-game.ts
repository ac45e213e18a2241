import { useMutation, useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { gamesKey } from './get-games';
import type { Game } from './types';

export type GameBody = Pick<Game, 'name' | 'logo' | 'background' | 'ftWalletSlot' | 'web' | 'android' | 'ios' | 'sort'> & {
  category: string;
  active: boolean;
};

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
