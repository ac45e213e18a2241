// The invite and refund (cashback) strings live in their own namespace, added when the rewards
// code loads (from the home, by dynamic import), so that the member app's first load never
// carries them. Error codes stay in the app's errorMsg table.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import th from './th.json';

export const rewardsNs = 'rewards';

export const rewardsBundles = { th, la, en };

for (const [lng, bundle] of Object.entries(rewardsBundles)) {
  if (!i18n.hasResourceBundle(lng, rewardsNs)) i18n.addResourceBundle(lng, rewardsNs, bundle, true, true);
}

/** useRewardsT is useTranslation in the rewards namespace. */
export function useRewardsT() {
  return useTranslation(rewardsNs);
}
