// The password reset strings live in their own namespace, added when the reset dialog's code
// loads (from /login, by dynamic import), so that /login's first load never carries them. Error
// codes stay in the app's errorMsg table.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const resetNs = 'passwordReset';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, resetNs)) i18n.addResourceBundle(lng, resetNs, bundle, true, true);
}

/** useResetT is useTranslation in the password reset namespace. */
export function useResetT() {
  return useTranslation(resetNs);
}
