import { validateBankName, validateChangePassword } from './validation';

describe('validateChangePassword', () => {
  it('does nothing (empty) when any field is empty', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: 'a', confirmPassword: 'a' })).toBe('empty');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: '', confirmPassword: 'a' })).toBe('empty');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'a', confirmPassword: '' })).toBe('empty');
  });
  it('needs the confirmation to match, with no length rule', () => {
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toBe('profile.passwordNotEqual');
    expect(validateChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' })).toBeNull();
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
