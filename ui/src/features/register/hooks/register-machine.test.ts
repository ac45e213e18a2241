import { initialRegisterState, registerReducer, stepsFor, type RegisterEvent, type RegisterState } from './register-machine';

const run = (events: RegisterEvent[], from: RegisterState = initialRegisterState) => events.reduce(registerReducer, from);
const profile = { name: 'A', password: 'password1', sourceCode: '', inviteCode: '' };
const sent = { otpRef: 'ABCD', otpToken: 'tok', code: 'OTP_SENT' };

describe('register state machine', () => {
  it('goes phone → otp → profile → bank → registered when OTP is on', () => {
    const s1 = run([{ type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: sent }]);
    expect(s1).toMatchObject({ step: 'otp', otpRef: 'ABCD', otpToken: 'tok', phone: '0812345678' });
    const s2 = run([{ type: 'OTP_VERIFIED' }], s1);
    expect(s2.step).toBe('profile');
    const s3 = run([{ type: 'PROFILE_VALIDATED', profile }], s2);
    expect(s3).toMatchObject({ step: 'bank', profile });
    expect(run([{ type: 'REGISTERED' }], s3).step).toBe('registered');
  });

  it('skips the OTP step when OTP is disabled', () => {
    const s = run([{ type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: false }]);
    expect(s).toMatchObject({ step: 'profile' });
  });

  it('skips the OTP step when send answers OTP_VERIFIED', () => {
    const s = run([{ type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: { ...sent, code: 'OTP_VERIFIED' } }]);
    expect(s).toMatchObject({ step: 'profile' });
  });

  it('keeps the token that verified the phone when going back to the phone step', () => {
    const atProfile = run([
      { type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: sent },
      { type: 'OTP_VERIFIED' },
      { type: 'BACK' },
    ]);
    expect(atProfile).toMatchObject({ step: 'phone', otpToken: 'tok' });
    const again = run(
      [{ type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: { otpRef: 'ABCD', otpToken: '', code: 'OTP_VERIFIED' } }],
      atProfile,
    );
    expect(again).toMatchObject({ step: 'profile', otpToken: 'tok' });
  });

  it('takes the new reference when the OTP is sent again', () => {
    const s1 = run([{ type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: sent }]);
    const s2 = run([{ type: 'OTP_RESENT', otp: { otpRef: 'EFGH', otpToken: 'tok2', code: 'OTP_SENT' } }], s1);
    expect(s2).toMatchObject({ step: 'otp', otpRef: 'EFGH', otpToken: 'tok2' });
  });

  it('ignores events that do not belong to the current step', () => {
    expect(run([{ type: 'OTP_VERIFIED' }])).toBe(initialRegisterState);
    expect(run([{ type: 'PROFILE_VALIDATED', profile }])).toBe(initialRegisterState);
    expect(run([{ type: 'REGISTERED' }])).toBe(initialRegisterState);
  });

  it('goes back one step, and from profile to the phone', () => {
    const atBank = run([
      { type: 'PHONE_ACCEPTED', phone: '0812345678', otpEnabled: true, otp: sent },
      { type: 'OTP_VERIFIED' },
      { type: 'PROFILE_VALIDATED', profile },
    ]);
    const atProfile = run([{ type: 'BACK' }], atBank);
    expect(atProfile.step).toBe('profile');
    expect(run([{ type: 'BACK' }], atProfile)).toMatchObject({ step: 'phone' });
  });

  it('lists three or four steps', () => {
    expect(stepsFor(true)).toEqual(['phone', 'otp', 'profile', 'bank']);
    expect(stepsFor(false)).toEqual(['phone', 'profile', 'bank']);
  });
});
