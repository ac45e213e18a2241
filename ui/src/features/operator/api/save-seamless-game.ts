import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { operations } from '@/lib/api-schema.generated';

import { opApi } from './client';
import { seamlessGamesKey } from './get-seamless-games';

/** SeamlessGameBody is what the operator decides for a synced game (on or off, order, category override); the rest is the aggregator's. */
export type SeamlessGameBody = operations['putOperatorSeamlessGame']['requestBody']['content']['application/json'];

/** saveSeamlessGame sets a synced game's enabled switch, order and category, which every sync keeps. */
export function saveSeamlessGame(provider: string, code: string, body: SeamlessGameBody) {
  return opApi.put(`/api/operator/seamless/games/${encodeURIComponent(provider)}/${encodeURIComponent(code)}`, body);
}

export function useSaveSeamlessGame(onSaved: (name: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, code, body }: { provider: string; code: string; name: string; body: SeamlessGameBody }) =>
      saveSeamlessGame(provider, code, body),
    onSuccess: (_a, { name }) => {
      onSaved(name);
      client.invalidateQueries({ queryKey: seamlessGamesKey });
    },
  });
}
