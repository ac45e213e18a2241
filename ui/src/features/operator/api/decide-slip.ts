import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from './client';
import { slipsKey } from './get-slips';

const path = (id: string, action: 'approve' | 'reject') => `/api/operator/slips/${encodeURIComponent(id)}/${action}`;

/** approveSlip credits a slip once, with the amount on it (as typed: the server reads the amount). */
export function approveSlip(id: string, amount: string, key: string) {
  return opApi.post(path(id, 'approve'), { amount }, { headers: { [idempotencyHeader]: key } });
}

/** rejectSlip refuses a slip with a reason of the slip table. */
export function rejectSlip(id: string, reason: string, key: string) {
  return opApi.post(path(id, 'reject'), { reason }, { headers: { [idempotencyHeader]: key } });
}

export function useApproveSlip(id: string, onDone: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation((amount: string, key: string) => approveSlip(id, amount, key), {
    onSuccess: () => {
      onDone();
      client.invalidateQueries({ queryKey: slipsKey });
    },
  });
}

export function useRejectSlip(id: string, onDone: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation((reason: string, key: string) => rejectSlip(id, reason, key), {
    onSuccess: () => {
      onDone();
      client.invalidateQueries({ queryKey: slipsKey });
    },
  });
}
