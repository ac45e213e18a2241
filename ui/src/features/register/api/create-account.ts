import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { Currency } from '@/lib/config';

import type { AccountFields } from './validate-account';

/** otpToken is the token that verified the phone (required by the server when OTP is on). */
export type CreateAccountInput = AccountFields & { currency: Currency; otpToken?: string };

export function createAccount(input: CreateAccountInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account', input);
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
