import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi } from './client';
import { adjustmentsKey } from './get-adjustments';

/** AdjustmentBody credits (amount > 0) or debits (amount < 0) a member's wallet, with a reason. */
export type AdjustmentBody = components['schemas']['AdjustmentInput'];

/** makeAdjustment books a manual credit or debit; answers the member's new balance. */
export function makeAdjustment(body: AdjustmentBody, key: string) {
  return opApi.post<Answer<'/api/operator/adjustments', 'post'>>('/api/operator/adjustments', body, {
    headers: { [idempotencyHeader]: key },
  });
}

export function useMakeAdjustment(onDone: (body: AdjustmentBody, balance: number | undefined) => void) {
  const client = useQueryClient();
  return useIdempotentMutation(makeAdjustment, {
    onSuccess: (answer, body) => {
      onDone(body, answer.wallet?.amount);
      client.invalidateQueries({ queryKey: adjustmentsKey.all });
    },
  });
}
