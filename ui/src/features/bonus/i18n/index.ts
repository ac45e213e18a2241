// The bonus page's strings live in their own namespace, added when the page's code loads, so that
// the member app's first load (the login page) does not carry them. The bonus types (shown on the
// home and in the withdraw modal too) and the error codes stay in the member tables.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const bonusNs = 'bonus';

const bundles = { th, la, en };

for (const [lng, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lng, bonusNs)) i18n.addResourceBundle(lng, bonusNs, bundle, true, true);
}

/** useBonusT is useTranslation in the bonus page's namespace. */
export function useBonusT() {
  return useTranslation(bonusNs);
}
