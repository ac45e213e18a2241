// The register state machine (spec part 4): phone → otp → profile → bank → registered.
import type { SendOtpResult } from '../api/send-otp';

export type RegisterStep = 'phone' | 'otp' | 'profile' | 'bank' | 'registered';

export type RegisterProfile = { name: string; password: string; sourceCode: string; inviteCode: string };

export type RegisterState = {
  step: RegisterStep;
  phone: string;
  otpRef: string;
  otpToken: string;
  profile: RegisterProfile | null;
};

export type RegisterEvent =
  | { type: 'PHONE_ACCEPTED'; phone: string; otpEnabled: boolean; otp?: SendOtpResult }
  | { type: 'OTP_RESENT'; otp: SendOtpResult }
  | { type: 'OTP_VERIFIED' }
  | { type: 'PROFILE_VALIDATED'; profile: RegisterProfile }
  | { type: 'REGISTERED' }
  | { type: 'BACK' };

export const initialRegisterState: RegisterState = {
  step: 'phone',
  phone: '',
  otpRef: '',
  otpToken: '',
  profile: null,
};

/**
 * stepsFor lists the steps of the progress indicator, from the registerOTP setting alone, so that
 * every step reads the same total. A phone verified recently skips the OTP screen, which then
 * counts as done (the profile step is "3 of 4").
 */
export function stepsFor(otpEnabled: boolean): RegisterStep[] {
  return otpEnabled ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];
}

export function registerReducer(state: RegisterState, event: RegisterEvent): RegisterState {
  switch (event.type) {
    case 'PHONE_ACCEPTED': {
      if (state.step !== 'phone') return state;
      // OTP disabled, or the phone was verified recently (OTP_VERIFIED): skip the OTP step.
      const skip = !event.otpEnabled || !event.otp || event.otp.code === 'OTP_VERIFIED';
      return {
        ...state,
        phone: event.phone,
        otpRef: event.otp?.otpRef ?? '',
        // OTP_VERIFIED answers the token the caller sent: keep it for registration.
        otpToken: event.otp?.otpToken || (event.otp?.code === 'OTP_VERIFIED' ? state.otpToken : ''),
        step: skip ? 'profile' : 'otp',
      };
    }
    case 'OTP_RESENT':
      if (state.step !== 'otp') return state;
      if (event.otp.code === 'OTP_VERIFIED') return { ...state, step: 'profile' };
      return { ...state, otpRef: event.otp.otpRef, otpToken: event.otp.otpToken };
    case 'OTP_VERIFIED':
      return state.step === 'otp' ? { ...state, step: 'profile' } : state;
    case 'PROFILE_VALIDATED':
      return state.step === 'profile' ? { ...state, profile: event.profile, step: 'bank' } : state;
    case 'REGISTERED':
      return state.step === 'bank' ? { ...state, step: 'registered' } : state;
    case 'BACK':
      switch (state.step) {
        case 'otp':
          return { ...state, step: 'phone' };
        case 'profile':
          // A verified OTP cannot be verified again: going back restarts at the phone step.
          return { ...state, step: 'phone' };
        case 'bank':
          return { ...state, step: 'profile' };
        default:
          return state;
      }
  }
}
