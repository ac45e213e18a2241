// Profile validation rules (spec part 5). Each returns a translation key, or null when valid.
import { isBlank, isEnglishName } from '@/lib/validation';

export type ChangePasswordForm = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * validateChangePassword gives 'empty' when any field is empty (then nothing happens), the
 * too-short message key when the new password is under passwordMin (the limits lookup's, once
 * known; its text takes {{min}}), the not-equal message key when the confirmation differs, or null.
 */
export function validateChangePassword(
  form: ChangePasswordForm,
  passwordMin?: number,
): 'empty' | 'errorMsg.PASSWORD_TOO_SHORT' | 'profile.passwordNotEqual' | null {
  if (!form.oldPassword || !form.newPassword || !form.confirmPassword) return 'empty';
  if (passwordMin && [...form.newPassword].length < passwordMin) return 'errorMsg.PASSWORD_TOO_SHORT';
  if (form.newPassword !== form.confirmPassword) return 'profile.passwordNotEqual';
  return null;
}

/** validateBankName: required, English letters and spaces only. */
export function validateBankName(name: string): string | null {
  if (isBlank(name)) return 'common.required';
  if (!isEnglishName(name)) return 'profile.bankNameEnglish';
  return null;
}
