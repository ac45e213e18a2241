import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';

import { profileQuery, type Profile } from './get-profile';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type UpdateBankAccountNameInput = Schemas['UpdateBankAccountNameInput'];

export function updateBankAccountName(input: UpdateBankAccountNameInput): Promise<Profile> {
  return api.put<Profile>('/api/account/bankAccountName', input);
}

export function useUpdateBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankAccountName,
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
