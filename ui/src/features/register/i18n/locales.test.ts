import { describeLocaleParity, flattenLocale } from '@/testing/locale-parity';

import en from './en.json';
import la from './la.json';
import th from './th.json';

describeLocaleParity('register', { th, la, en });

it('keeps the spec wording in English', () => {
  const texts = flattenLocale(en);
  expect(texts['register.phoneTenDigits']).toBe('The phone number must support 10 digits');
  expect(texts['register.passwordMismatch']).toBe("Passwords don't match");
  expect(texts['register.englishOnly']).toBe('Bank account name must be in English only');
});
