import { bankAccountName, validateBank, validatePhone, validateProfile } from './validation';

describe('validatePhone', () => {
  it('requires exactly 10 digits outside Laos', () => {
    expect(validatePhone('081234567', false)).toBe('register.phoneTenDigits');
    expect(validatePhone('08123456789', false)).toBe('register.phoneTenDigits');
    expect(validatePhone('0812345678', false)).toBeNull();
  });
  it('has no length rule in Laos mode', () => {
    expect(validatePhone('2055512', true)).toBeNull();
    expect(validatePhone('856205551234', true)).toBeNull();
  });
  it('requires a value', () => {
    expect(validatePhone('', false)).toBe('common.required');
    expect(validatePhone('  ', true)).toBe('common.required');
  });
});

describe('validateProfile', () => {
  it('requires name, password and confirmation', () => {
    expect(validateProfile({ name: '', password: '', confirmPassword: '' })).toEqual({
      name: 'common.required',
      password: 'common.required',
      confirmPassword: 'common.required',
    });
  });
  it('needs matching passwords', () => {
    expect(validateProfile({ name: 'A', password: 'password1', confirmPassword: 'password2' })).toEqual({
      confirmPassword: 'register.passwordMismatch',
    });
    expect(validateProfile({ name: 'A', password: 'password1', confirmPassword: 'password1' })).toEqual({});
  });
  it.each([
    ['shorter than the minimum', 'abcdefg', { password: 'errorMsg.PASSWORD_TOO_SHORT' }],
    ['exactly the minimum', 'abcdefgh', {}],
  ])('applies the minimum once known: %s', (_, pw, want) => {
    expect(validateProfile({ name: 'A', password: pw, confirmPassword: pw }, 8)).toEqual(want);
  });
});

describe('validateBank', () => {
  const valid = { bankCode: 'KBANK', accountNo: '1234567890', firstName: 'สมชาย', lastName: 'ใจดี' };

  it('requires every field', () => {
    expect(validateBank({ bankCode: '', accountNo: '', firstName: '', lastName: '' })).toEqual({
      bankCode: 'common.required',
      accountNo: 'common.required',
      firstName: 'common.required',
      lastName: 'common.required',
    });
  });

  it('accepts Thai names for banks without the English rule', () => {
    expect(validateBank(valid)).toEqual({});
  });

  it.each(['KTB', 'XYZ'])("requires English letters when the server's flag says so (%s)", (bankCode) => {
    expect(validateBank({ ...valid, bankCode }, true)).toEqual({
      firstName: 'register.englishOnly',
      lastName: 'register.englishOnly',
    });
    expect(validateBank({ ...valid, bankCode, firstName: 'SOMCHAI', lastName: 'JAI DEE' }, true)).toEqual({});
    expect(validateBank({ ...valid, bankCode, firstName: 'SOMCHAI1', lastName: 'JAIDEE' }, true)).toEqual({
      firstName: 'register.englishOnly',
    });
  });

  it('knows no bank list of its own: only the flag counts', () => {
    expect(validateBank({ ...valid, bankCode: 'KTB' }, false)).toEqual({});
    expect(validateBank({ ...valid, bankCode: 'KTB' })).toEqual({});
  });
});

describe('bankAccountName', () => {
  it('joins first and last name with a space, upper-cased', () => {
    expect(bankAccountName(' somchai ', 'jaidee')).toBe('SOMCHAI JAIDEE');
  });
});
