import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi } from './client';
import { transfersKey } from './get-transfers';
import type { Transfer } from './types';

export type QueryAnswer = components['schemas']['TransferQuery'];

/** queryTransfer asks the provider again; the server settles only on a definite answer. */
export function queryTransfer(tr: Transfer) {
  return opApi.post<QueryAnswer>(`/api/operator/transfers/${encodeURIComponent(tr.id)}/query`);
}

export function useQueryTransfer(onAnswer: (answer: QueryAnswer, tr: Transfer) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: queryTransfer,
    onSuccess: (answer, tr) => {
      onAnswer(answer, tr);
      client.invalidateQueries({ queryKey: transfersKey });
    },
  });
}
