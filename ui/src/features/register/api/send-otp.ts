import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type SendOtpResult = { otpRef: string; otpToken: string; code: 'OTP_SENT' | 'OTP_VERIFIED' | string };

export function sendOtp(phoneNumber: string): Promise<SendOtpResult> {
  return api.post<SendOtpResult>('/api/otp/send', { phoneNumber });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
