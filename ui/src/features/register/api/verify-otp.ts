import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type VerifyOtpInput = Schemas['VerifyOtpInput'];

export function verifyOtp(input: VerifyOtpInput): Promise<{ code: string }> {
  return api.post<{ code: string }>('/api/otp/verify', input);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
