import { validateBankName, validateChangePassword } from './validation';

describe('validateChangePassword', () => {
  it('does nothing (empty) when any field is empty', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: 'a', confirmPassword: 'a' })).toBe('empty');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: '', confirmPassword: 'a' })).toBe('empty');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'a', confirmPassword: '' })).toBe('empty');
  });
  it('needs the confirmation to match; no length rule until the minimum is known', () => {
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toBe('profile.passwordNotEqual');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' })).toBeNull();
  });
  it.each([
    ['shorter than the minimum', 'abcdefg', 'errorMsg.PASSWORD_TOO_SHORT'],
    ['exactly the minimum', 'abcdefgh', null],
    ['Thai letters counted as characters', 'รหัสผ่านยาวพอ', null],
  ])('applies the minimum: %s', (_, pw, want) => {
    expect(validateChangePassword({ oldPassword: 'a', newPassword: pw, confirmPassword: pw }, 8)).toBe(want);
  });
});

describe('validateBankName', () => {
  it('requires English letters and spaces only', () => {
    expect(validateBankName('')).toBe('common.required');
    expect(validateBankName('สมชาย')).toBe('profile.bankNameEnglish');
    expect(validateBankName('SOMCHAI 2')).toBe('profile.bankNameEnglish');
    expect(validateBankName('SOMCHAI JAIDEE')).toBeNull();
  });
});
