import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi } from './client';
import { banksKey } from './get-banks';

export type BankFlags = components['schemas']['BankInput'];

/** saveBank sets one bank's flags in the directory. */
export function saveBank(code: string, flags: BankFlags) {
  return opApi.put<Answer<'/api/operator/banks/{code}', 'put'>>(`/api/operator/banks/${encodeURIComponent(code)}`, flags);
}

export function useSaveBank(code: string, handlers: { onMutate?: () => void; onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flags: BankFlags) => saveBank(code, flags),
    onMutate: handlers.onMutate,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: banksKey });
      handlers.onSuccess?.();
    },
  });
}
