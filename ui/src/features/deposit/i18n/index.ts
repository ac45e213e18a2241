// The deposit modal's strings live in their own namespace, added when the modal's code loads, so
// that the member app's first load never carries them. Error codes and slip reasons stay in the
// app's errorMsg and slipReason tables.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const depositNs = 'deposit';

export const depositBundles = { th, la, en };

for (const [lng, bundle] of Object.entries(depositBundles)) {
  if (!i18n.hasResourceBundle(lng, depositNs)) i18n.addResourceBundle(lng, depositNs, bundle, true, true);
}

/** useDepositT is useTranslation in the deposit namespace. */
export function useDepositT() {
  return useTranslation(depositNs);
}
