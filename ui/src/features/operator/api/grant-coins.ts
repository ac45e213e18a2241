import { useQueryClient } from '@tanstack/react-query';

import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi } from './client';
import { coinGrantsKey } from './get-coin-grants';

export type CoinGrant = components['schemas']['CoinGrantInput'];

/** grantCoins gives a member coins (or takes them, with a negative count); answers the new balance. */
export function grantCoins(body: CoinGrant, key: string) {
  return opApi.post<Answer<'/api/operator/coins', 'post'>>('/api/operator/coins', body, { headers: { [idempotencyHeader]: key } });
}

export function useGrantCoins(onGranted: (body: CoinGrant, balance: number) => void) {
  const client = useQueryClient();
  return useIdempotentMutation(grantCoins, {
    onSuccess: (answer, body) => {
      onGranted(body, answer.coin);
      client.invalidateQueries({ queryKey: coinGrantsKey.all });
    },
  });
}
