// The how-to player's strings live in their own namespace, added when the how-to page's code loads
// (its route is a chunk of its own), so that /login's first load does not carry them. The page's
// title and the "not available" text stay in the member tables (the pre-rendered page and the
// console's preview show them).
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const howtoNs = 'howtoPlayer';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, howtoNs)) i18n.addResourceBundle(lng, howtoNs, bundle, true, true);
}

/** useHowtoT is useTranslation in the how-to player's namespace. */
export function useHowtoT() {
  return useTranslation(howtoNs);
}
