import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

/** AccountFields are the registration fields except currency (spec part 3). */
export type AccountFields = Schemas['AccountFields'];

export function validateAccount(fields: AccountFields): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account/validate', fields);
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
