import { useQueryClient } from '@tanstack/react-query';

import type { operations } from '@/lib/api-schema.generated';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi, opKey } from './client';

export type Resolution = 'refund' | 'lost';

/** ResolveBody resolves a stuck round of provider: refund its bets or close it as lost, with a reason. */
export type ResolveBody = { provider: string; round: string; resolution: Resolution; reason: string };

export type ResolveAnswer = operations['postOperatorSeamlessRoundResolve']['responses']['200']['content']['application/json'];

/** resolveSeamlessRound resolves a round once; a repeated call the same way answers duplicate. */
export function resolveSeamlessRound(body: ResolveBody, key: string) {
  const path = `/api/operator/seamless/rounds/${encodeURIComponent(body.provider)}/${encodeURIComponent(body.round)}/resolve`;
  return opApi.post<ResolveAnswer>(path, { resolution: body.resolution, reason: body.reason }, { headers: { [idempotencyHeader]: key } });
}

export function useResolveSeamlessRound(onDone: (answer: ResolveAnswer) => void) {
  const client = useQueryClient();
  return useIdempotentMutation(resolveSeamlessRound, {
    onSuccess: (answer) => {
      onDone(answer);
      client.invalidateQueries({ queryKey: [...opKey, 'seamless'] });
    },
  });
}
