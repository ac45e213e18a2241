import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type SendOtpResult = Schemas['SendOtpResult'];

/**
 * SendOtpInput carries the token of an earlier send, if any: the server
 * answers OTP_VERIFIED only to the holder of the token that verified.
 */
export type SendOtpInput = Schemas['SendOtpInput'];

export function sendOtp({ phoneNumber, otpToken }: SendOtpInput): Promise<SendOtpResult> {
  return api.post<SendOtpResult>('/api/otp/send', otpToken ? { phoneNumber, otpToken } : { phoneNumber });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
