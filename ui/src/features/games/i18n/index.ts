// The lobby's strings live in their own namespace, added when the page's code loads, so that the
// member app's first load (the login page) does not carry them (as spin/ does).
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const gamesNs = 'games';

const bundles = { th, la, en };

for (const [lng, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lng, gamesNs)) i18n.addResourceBundle(lng, gamesNs, bundle, true, true);
}

/** useGamesT is useTranslation in the lobby's namespace. */
export function useGamesT() {
  return useTranslation(gamesNs);
}
