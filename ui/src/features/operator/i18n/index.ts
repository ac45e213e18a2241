// The console's strings live in their own namespace, added when console code loads, so that the
// member app's first load never carries them. Error codes still come from the member errorMsg table.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const consoleNs = 'operator';

const bundles = { th, la, en };

for (const [lng, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lng, consoleNs)) i18n.addResourceBundle(lng, consoleNs, bundle, true, true);
}

/** useOpT is useTranslation in the console's namespace; i18n.t still reaches errorMsg. */
export function useOpT() {
  return useTranslation(consoleNs);
}
