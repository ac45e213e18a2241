// Register validation rules (spec part 5). Each returns a translation key, or null when valid.
import { phoneLength } from '@/lib/config';
import { isBlank, isEnglishName } from '@/lib/validation';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validatePhone(phone: string, laos: boolean): string | null {
  if (isBlank(phone)) return 'common.required';
  if (!laos && phone.trim().length !== phoneLength) return 'register.phoneTenDigits';
  return null;
}

export type ProfileForm = { name: string; password: string; confirmPassword: string };

/** passwordTooShort is the key of the minimum-length message (its {{min}} from the limits lookup). */
export const passwordTooShort = 'errorMsg.PASSWORD_TOO_SHORT';

/** validateProfile checks the profile step; passwordMin (limits lookup) is checked once known. */
export function validateProfile(form: ProfileForm, passwordMin?: number): FieldErrors<keyof ProfileForm> {
  const errors: FieldErrors<keyof ProfileForm> = {};
  if (isBlank(form.name)) errors.name = 'common.required';
  if (!form.password) errors.password = 'common.required';
  else if (passwordMin && [...form.password].length < passwordMin) errors.password = passwordTooShort;
  if (!form.confirmPassword) errors.confirmPassword = 'common.required';
  else if (form.password && form.password !== form.confirmPassword) errors.confirmPassword = 'register.passwordMismatch';
  return errors;
}

export type BankForm = { bankCode: string; accountNo: string; firstName: string; lastName: string };

/**
 * validateBank: every field, and English letters in the name when the chosen bank's englishOnly
 * flag (from the server's banks lookup) says so.
 */
export function validateBank(form: BankForm, englishOnly?: boolean): FieldErrors<keyof BankForm> {
  const errors: FieldErrors<keyof BankForm> = {};
  if (isBlank(form.bankCode)) errors.bankCode = 'common.required';
  if (isBlank(form.accountNo)) errors.accountNo = 'common.required';
  if (isBlank(form.firstName)) errors.firstName = 'common.required';
  if (isBlank(form.lastName)) errors.lastName = 'common.required';
  if (form.bankCode && englishOnly === true) {
    if (form.firstName && !isEnglishName(form.firstName)) errors.firstName = 'register.englishOnly';
    if (form.lastName && !isEnglishName(form.lastName)) errors.lastName = 'register.englishOnly';
  }
  return errors;
}

/** bankAccountName joins first and last name with a space, upper-cased. */
export function bankAccountName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.toUpperCase();
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
