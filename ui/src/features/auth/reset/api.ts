import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type ResetOtpInput = Schemas['PasswordResetOtpInput'];
export type ResetOtpResult = Schemas['SendOtpResult'];
export type ResetInput = Schemas['PasswordResetInput'];

export function useSendResetCode() {
  return useMutation({ mutationFn: (input: ResetOtpInput) => api.post<ResetOtpResult>('/api/account/password/reset/otp', input) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetInput) => api.post<{ message: string }>('/api/account/password/reset', input) });
}
