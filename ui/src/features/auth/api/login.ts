import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type LoginInput = Schemas['LoginInput'];
export type LoginResult = Schemas['LoginResult'];

export function login(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>('/api/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
