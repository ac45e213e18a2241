// The register's texts (`register.…`) come with the register route's chunk, not /login's first load.
import { useTranslation } from 'react-i18next';

import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import th from './th.json';

addLazyTexts({ th, la, en });

/** useRegisterT is useTranslation for the register's modules: using it keeps this module, and so the texts, in their chunk. */
export function useRegisterT() {
  return useTranslation();
}
