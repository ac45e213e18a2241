import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from './client';
import { conditionsKey } from './get-conditions';

export type EndCondition = { id: string; forfeit: boolean };

/** endCondition releases a member's turnover condition, or forfeits its bonus. */
export function endCondition({ id, forfeit }: EndCondition, key: string) {
  return opApi.post(`/api/operator/conditions/${encodeURIComponent(id)}/end`, { forfeit }, { headers: { [idempotencyHeader]: key } });
}

export function useEndCondition(onEnded: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation(endCondition, {
    onSuccess: () => {
      onEnded();
      client.invalidateQueries({ queryKey: conditionsKey });
    },
  });
}
