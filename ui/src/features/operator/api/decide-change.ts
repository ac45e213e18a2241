import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi, opKey } from './client';
import { changesKey } from './get-changes';

export type Decision = 'approve' | 'reject';
export type DecisionAnswer = components['schemas']['ChangeApplied'];

/** decideChange approves (applies) or rejects a pending change. */
export function decideChange(id: string, decision: Decision) {
  return opApi.post<DecisionAnswer>(`/api/operator/changes/${encodeURIComponent(id)}/${decision}`);
}

/**
 * useDecideChange approves or rejects; either way, and on a refusal too (the change may have been
 * decided meanwhile), everything the change may have touched is read again.
 */
export function useDecideChange(decision: Decision, onDecided?: (answer: DecisionAnswer) => void) {
  const client = useQueryClient();
  const refresh = () => {
    client.invalidateQueries({ queryKey: changesKey });
    client.invalidateQueries({ queryKey: opKey });
  };
  return useMutation({
    mutationFn: (id: string) => decideChange(id, decision),
    onSuccess: (answer) => {
      onDecided?.(answer);
      refresh();
    },
    onError: decision === 'approve' ? refresh : undefined,
  });
}
