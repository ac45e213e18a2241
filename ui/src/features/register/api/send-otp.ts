import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type SendOtpResult = { otpRef: string; otpToken: string; code: 'OTP_SENT' | 'OTP_VERIFIED' | string };

/**
 * SendOtpInput carries the token of an earlier send, if any: the server
 * answers OTP_VERIFIED only to the holder of the token that verified.
 */
export type SendOtpInput = { phoneNumber: string; otpToken?: string };

export function sendOtp({ phoneNumber, otpToken }: SendOtpInput): Promise<SendOtpResult> {
  return api.post<SendOtpResult>('/api/otp/send', otpToken ? { phoneNumber, otpToken } : { phoneNumber });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
