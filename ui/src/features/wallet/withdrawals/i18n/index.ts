// The withdraw modal's "Recent withdrawals" strings live in their own namespace, added when the
// list's code loads (by dynamic import, features/wallet/withdrawals-lazy.tsx), so that /login's
// first load never carries them.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const withdrawalsNs = 'recentWithdrawals';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, withdrawalsNs)) i18n.addResourceBundle(lng, withdrawalsNs, bundle, true, true);
}

/** useWithdrawalsT is useTranslation in the recent withdrawals namespace. */
export function useWithdrawalsT() {
  return useTranslation(withdrawalsNs);
}
