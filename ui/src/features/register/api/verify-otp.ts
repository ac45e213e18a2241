import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type VerifyOtpInput = { otpToken: string; otpCode: string };

export function verifyOtp(input: VerifyOtpInput): Promise<{ code: string }> {
  return api.post<{ code: string }>('/api/otp/verify', input);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
