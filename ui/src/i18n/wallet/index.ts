// The wallet's texts (`game.…`, `transfer.…`, `withdraw.…`, `wallet.…`, `widgets.…`, `timeAgo.…`)
// are shown by several chunks (the member home and its modals, the game lobby, the spin widget,
// the deposit and invite modals, the console's preview), so they come as a chunk of their own
// (textsChunk), never with /login's first load. They live here, not in features/wallet, because
// features do not import each other.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import { textsChunk, useTexts } from '@/i18n/lazy-texts';

import { loadWalletTexts } from './load';

/** ensureWalletTexts loads the wallet's texts once; the promise is fulfilled once they are in. */
export const ensureWalletTexts = textsChunk(loadWalletTexts);

/** useWalletT is useTranslation once the wallet's texts are in (it suspends until their first load). */
export function useWalletT() {
  useTexts(ensureWalletTexts);
  return useTranslation();
}

/** useWalletFixedT is i18n.getFixedT(lng) once the wallet's texts are in (the console's preview of the member texts). */
export function useWalletFixedT(lng: string) {
  useTexts(ensureWalletTexts);
  return i18n.getFixedT(lng);
}
