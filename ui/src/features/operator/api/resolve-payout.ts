import { useQueryClient } from '@tanstack/react-query';

import type { operations } from '@/lib/api-schema.generated';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi, opKey } from './client';
import { payoutsKey } from './get-payouts';

/** ResolvePayoutBody settles an UNKNOWN payout as the operator found it at the bank, with the evidence read. */
export type ResolvePayoutBody = { id: string; status: 'PAID' | 'FAILED'; evidence: string };

export type ResolvePayoutAnswer = operations['postOperatorPayoutsIdResolve']['responses']['200']['content']['application/json'];

/** resolvePayout settles a payout once; a second call answers NO_DATA. */
export function resolvePayout(body: ResolvePayoutBody, key: string) {
  return opApi.post<ResolvePayoutAnswer>(
    `/api/operator/payouts/${encodeURIComponent(body.id)}/resolve`,
    { status: body.status, evidence: body.evidence },
    { headers: { [idempotencyHeader]: key } },
  );
}

export function useResolvePayout(onDone: (answer: ResolvePayoutAnswer) => void) {
  const client = useQueryClient();
  return useIdempotentMutation(resolvePayout, {
    onSuccess: (answer) => {
      onDone(answer);
      client.invalidateQueries({ queryKey: payoutsKey });
      client.invalidateQueries({ queryKey: [...opKey, 'withdrawals'] });
    },
  });
}
