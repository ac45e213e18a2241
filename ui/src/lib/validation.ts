/** isEnglishName is true for English letters and spaces only (bank account holder names). */
export function isEnglishName(value: string): boolean {
  return /^[A-Za-z ]+$/.test(value) && value.trim().length > 0;
}

/** isBlank is true for an empty or whitespace-only value. */
export function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}
