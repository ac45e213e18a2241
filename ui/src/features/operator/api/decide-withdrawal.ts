import type { components } from '@/lib/api-schema.generated';
import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from './client';
import { withdrawalsKey } from './get-withdrawals';
import { withdrawalId, type Withdrawal } from './types';

/** ApproveAnswer says SECOND_APPROVAL_REQUIRED when a withdrawal above the threshold waits for another approver. */
export type ApproveAnswer = components['schemas']['WithdrawalDecision'];

const path = (w: Withdrawal, action: 'approve' | 'reject') => `/api/operator/withdrawals/${encodeURIComponent(withdrawalId(w))}/${action}`;

/** approveWithdrawal approves (pays out) a withdrawal, or records the first of two approvals. */
export function approveWithdrawal(w: Withdrawal, key: string) {
  return opApi.post<ApproveAnswer>(path(w, 'approve'), undefined, { headers: { [idempotencyHeader]: key } });
}

/** rejectWithdrawal refuses a withdrawal with a reason the member reads; the amount goes back. */
export function rejectWithdrawal({ w, why }: { w: Withdrawal; why: string }, key: string) {
  return opApi.post(path(w, 'reject'), { reason: why }, { headers: { [idempotencyHeader]: key } });
}

type Handlers<A, V> = { onMutate?: () => void; onSettled?: () => void; onDone: (answer: A, value: V) => void };

export function useApproveWithdrawal({ onMutate, onSettled, onDone }: Handlers<ApproveAnswer, Withdrawal>) {
  const client = useQueryClient();
  return useIdempotentMutation(approveWithdrawal, {
    onMutate,
    onSettled,
    onSuccess: (answer, w) => {
      onDone(answer, w);
      client.invalidateQueries({ queryKey: withdrawalsKey });
    },
  });
}

export function useRejectWithdrawal({ onMutate, onDone }: Handlers<unknown, { w: Withdrawal; why: string }>) {
  const client = useQueryClient();
  return useIdempotentMutation(rejectWithdrawal, {
    onMutate,
    onSuccess: (answer, value) => {
      onDone(answer, value);
      client.invalidateQueries({ queryKey: withdrawalsKey });
    },
  });
}
