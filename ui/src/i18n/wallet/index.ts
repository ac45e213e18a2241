// The wallet's texts (`game.…`, `transfer.…`, `withdraw.…`, `wallet.…`, `widgets.…`, `timeAgo.…`)
// come with the chunks of the modules that use them (the member home and its modals, the spin
// widget, the console's preview), not with /login's first load (addLazyTexts). They live here, not
// in features/wallet, because other features show them too and features do not import each other.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import th from './th.json';

addLazyTexts({ th, la, en });

/** walletFixedT is i18n.getFixedT for a module outside the wallet that shows its texts (the console's preview of the member texts). */
export function walletFixedT(lng: string) {
  return i18n.getFixedT(lng);
}

/** useWalletT is useTranslation for the wallet's modules: using it keeps this module, and so the texts, in their chunk. */
export function useWalletT() {
  return useTranslation();
}
