// Every change of an operator account waits for a second owner (202: proposed); the credentials of
// an operator created or reset are shown to the approving owner on the Pending changes page.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import type { Role } from '../roles';
import { opApi } from './client';
import { changesKey } from './get-changes';
import { operatorsKey } from './get-operators';
import { isProposal, type Proposal } from './types';

export type OperatorChange = { name: string; change: components['schemas']['OperatorUpdateInput'] };

/** addOperator proposes a new operator account. */
export function addOperator(body: { username: string; role: Role }) {
  return opApi.post<Proposal>('/api/operator/operators', body);
}

/** updateOperator proposes a new role for an operator, or disabling or enabling them. */
export function updateOperator({ name, change }: OperatorChange) {
  return opApi.put<Proposal>(`/api/operator/operators/${encodeURIComponent(name)}`, change);
}

/** resetOperator proposes a new password and authenticator secret for an operator. */
export function resetOperator(name: string) {
  return opApi.post<Proposal>(`/api/operator/operators/${encodeURIComponent(name)}/reset`);
}

/** useOperatorMutation runs one of the calls above; onAnswer learns whether it was held as a proposal. */
function useOperatorMutation<V>(call: (value: V) => Promise<Proposal>, onAnswer: (proposed: boolean) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      onAnswer(isProposal(answer));
      client.invalidateQueries({ queryKey: operatorsKey });
      client.invalidateQueries({ queryKey: changesKey });
    },
  });
}

export const useAddOperator = (onAnswer: (proposed: boolean) => void) => useOperatorMutation(addOperator, onAnswer);
export const useUpdateOperator = (onAnswer: (proposed: boolean) => void) => useOperatorMutation(updateOperator, onAnswer);
export const useResetOperator = (onAnswer: (proposed: boolean) => void) => useOperatorMutation(resetOperator, onAnswer);
