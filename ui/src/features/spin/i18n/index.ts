// The spin page's strings live in their own namespace, added when the page's code loads, so that
// the member app's first load (the login page) does not carry them (as bonus/ and deposit/ do).
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import { ApiError, errorMessage } from '@/lib/api';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const spinNs = 'spin';

const bundles = { th, la, en };

for (const [lng, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lng, spinNs)) i18n.addResourceBundle(lng, spinNs, bundle, true, true);
}

/** useSpinT is useTranslation in the spin page's namespace. */
export function useSpinT() {
  return useTranslation(spinNs);
}

/**
 * spinError is the text of a spin or claim error: the spin error group's translation of the
 * server's code (spec part 8), else the member app's errorMsg table.
 */
export function spinError(err: unknown): string {
  const code = err instanceof ApiError ? err.code : '';
  const key = `${spinNs}:errors.${code}`;
  return code && i18n.exists(key) ? i18n.t(key) : errorMessage(err, i18n);
}
