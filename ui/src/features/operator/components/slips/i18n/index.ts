// The slip OCR's strings (the review's pre-filled fields, the edited-slip flag, the one-action
// confirmation) live in their own namespace, added when the console's slip review loads, so that
// neither /login's first load nor the console's main table carries them.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const slipOcrNs = 'slipOcr';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, slipOcrNs)) i18n.addResourceBundle(lng, slipOcrNs, bundle, true, true);
}

/** useSlipOcrT is useTranslation in the slip OCR namespace. */
export function useSlipOcrT() {
  return useTranslation(slipOcrNs);
}
