// The auto-approval strings (the rules page and the decisions on the withdrawals pages) live in
// their own namespace, added when the console's code loads, so that neither /login's first load
// nor the console's main strings carry them. Error codes stay in the app's errorMsg table.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const autoWithdrawNs = 'autoWithdraw';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, autoWithdrawNs)) i18n.addResourceBundle(lng, autoWithdrawNs, bundle, true, true);
}

/** useAutoT is useTranslation in the auto-approval namespace. */
export function useAutoT() {
  return useTranslation(autoWithdrawNs);
}
