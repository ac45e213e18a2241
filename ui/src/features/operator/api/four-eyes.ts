import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { changesKey } from './get-changes';
import { isProposal } from './types';

export type FourEyesHandlers = { onMutate?: () => void; onApplied?: () => void; onProposed?: () => void };

/**
 * useFourEyesMutation runs a change that an owners' rule may hold for a second owner (202 with a
 * proposal): applied, appliedKey is read again; proposed, the pending changes are.
 */
export function useFourEyesMutation<V>(mutationFn: (value: V) => Promise<unknown>, appliedKey: QueryKey, handlers: FourEyesHandlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: handlers.onMutate,
    onSuccess: (answer) => {
      if (isProposal(answer)) {
        client.invalidateQueries({ queryKey: changesKey });
        handlers.onProposed?.();
        return;
      }
      client.invalidateQueries({ queryKey: appliedKey });
      handlers.onApplied?.();
    },
  });
}
