// The chat's texts (`chat.…`) come with the chat's chunks (the contact pages' widget, the console's
// chat), not /login's first load (addLazyTexts).
import { useTranslation } from 'react-i18next';

import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import th from './th.json';

addLazyTexts({ th, la, en });

/** useChatT is useTranslation for the chat's modules: using it keeps this module, and so the texts, in their chunk. */
export function useChatT() {
  return useTranslation();
}
