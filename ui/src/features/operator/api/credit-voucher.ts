import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from './client';
import { depositsKey } from './get-deposits';

/** creditVoucher credits a pending gift voucher with the amount TrueMoney redeemed or the operator found. */
export function creditVoucher(voucher: string, amount: number, key: string) {
  return opApi.post(
    `/api/operator/deposits/vouchers/${encodeURIComponent(voucher)}/credit`,
    { amount },
    { headers: { [idempotencyHeader]: key } },
  );
}

export function useCreditVoucher(voucher: string, onDone: () => void) {
  const client = useQueryClient();
  return useIdempotentMutation((amount: number, key: string) => creditVoucher(voucher, amount, key), {
    onSuccess: () => {
      client.invalidateQueries({ queryKey: depositsKey.all });
      onDone();
    },
  });
}
