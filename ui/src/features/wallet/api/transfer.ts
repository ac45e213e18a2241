import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

/** walletAccount is the transfer side that means the main wallet. */
export const walletAccount = 'WALLET';

export type TransferInput = { from: string; to: string; amount: number };
export type TransferResult = { message: string; wallet: { amount: number } };

/** transfer moves money between the wallet and a game, or between two games. */
export function transfer(input: TransferInput, key: string): Promise<TransferResult> {
  return api.post<TransferResult>('/api/wallet/transfer', input, { headers: { [idempotencyHeader]: key } });
}

export function useTransfer() {
  return useIdempotentMutation(transfer);
}
