// The profile's texts (`profile.…`) come with the profile's chunk, not /login's first load.
import { useTranslation } from 'react-i18next';

import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import th from './th.json';

addLazyTexts({ th, la, en });

/** useProfileT is useTranslation for the profile's modules: using it keeps this module, and so the texts, in their chunk. */
export function useProfileT() {
  return useTranslation();
}
