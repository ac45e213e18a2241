import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import type { TransferResult } from './transfer';

/** transferAll brings every game balance to the wallet (to = WALLET) or the wallet to a game. */
export function transferAll(input: { to: string }, key: string): Promise<TransferResult> {
  return api.post<TransferResult>('/api/wallet/transferAll', input, { headers: { [idempotencyHeader]: key } });
}

export function useTransferAll() {
  return useIdempotentMutation(transferAll);
}
