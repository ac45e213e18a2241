import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type LoginInput = { username: string; password: string };
export type LoginResult = { token: string };

export function login(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>('/api/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
