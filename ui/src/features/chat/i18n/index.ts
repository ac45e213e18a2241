// The member chat's texts (`chat.…`) are shown by the widget's chunk and by its panel's (a lazy
// chunk of its own), so they come as a chunk of their own (textsChunk), never with /login's first
// load.
import { useTranslation } from 'react-i18next';

import { textsChunk, useTexts } from '@/i18n/lazy-texts';

import { loadChatTexts } from './load';

/** ensureChatTexts loads the chat's texts once; the promise is fulfilled once they are in. */
export const ensureChatTexts = textsChunk(loadChatTexts);

/** useChatT is useTranslation once the chat's texts are in (it suspends until their first load). */
export function useChatT() {
  useTexts(ensureChatTexts);
  return useTranslation();
}
