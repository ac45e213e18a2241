import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type WithdrawResult = Schemas['WithdrawResult'];

/** withdrawAll brings every game balance back to the wallet, then withdraws amount. */
export function withdrawAll(input: { amount: number }, key: string): Promise<WithdrawResult> {
  return api.post<WithdrawResult>('/api/wallet/withdrawAll', input, { headers: { [idempotencyHeader]: key } });
}

export function useWithdraw() {
  return useIdempotentMutation(withdrawAll);
}
