import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type ChangePasswordInput = { oldPassword: string; newPassword: string };

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.put<{ message: string }>('/api/account/changepwd', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
