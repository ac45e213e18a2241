import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

/** walletAccount is the transfer side that means the main wallet. */
export const walletAccount = 'WALLET';

export type TransferInput = Schemas['TransferInput'];
export type TransferResult = Schemas['TransferResult'];

/** transfer moves money between the wallet and a game, or between two games. */
export function transfer(input: TransferInput, key: string): Promise<TransferResult> {
  return api.post<TransferResult>('/api/wallet/transfer', input, { headers: { [idempotencyHeader]: key } });
}

export function useTransfer() {
  return useIdempotentMutation(transfer);
}
