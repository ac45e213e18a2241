import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type ChangePasswordInput = Schemas['ChangePasswordInput'];

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.put<{ message: string }>('/api/account/changepwd', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
