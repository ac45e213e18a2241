import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from './client';
import type { UnmatchedQRPayment } from './deposits';
import { depositsKey } from './get-deposits';

function paymentPath(p: UnmatchedQRPayment, action: 'assign' | 'refund') {
  return `/api/operator/qr/payments/${encodeURIComponent(p.provider)}/${encodeURIComponent(p.ref)}/${action}`;
}

/** assignQRPayment credits an unmatched QR payment to the member named. */
export function assignQRPayment(p: UnmatchedQRPayment, memberId: string, key: string) {
  return opApi.post(paymentPath(p, 'assign'), { memberId }, { headers: { [idempotencyHeader]: key } });
}

/** refundQRPayment records that an unmatched QR payment was given back outside Ngern. */
export function refundQRPayment(p: UnmatchedQRPayment, note: string, key: string) {
  return opApi.post(paymentPath(p, 'refund'), { note }, { headers: { [idempotencyHeader]: key } });
}

export function useAssignQRPayment(p: UnmatchedQRPayment, onDone: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation((memberId: string, key: string) => assignQRPayment(p, memberId, key), {
    onSuccess: () => {
      client.invalidateQueries({ queryKey: depositsKey.all });
      onDone();
    },
  });
}

export function useRefundQRPayment(p: UnmatchedQRPayment, onDone: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation((note: string, key: string) => refundQRPayment(p, note, key), {
    onSuccess: () => {
      client.invalidateQueries({ queryKey: depositsKey.all });
      onDone();
    },
  });
}
