// The withdrawal progress strings and the deposit methods live in their own namespace, added when the statement's code
// loads (its route is a chunk of its own), so that /login's first load never carries them. The statement's own texts
// (`statement.…` of the default namespace) come with it for the same reason (addLazyTexts).
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import statementEn from './statement.en.json';
import statementLa from './statement.la.json';
import statementTh from './statement.th.json';
import th from './th.json';

addLazyTexts({ th: statementTh, la: statementLa, en: statementEn });

export const withdrawalNs = 'withdrawalProgress';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, withdrawalNs)) i18n.addResourceBundle(lng, withdrawalNs, bundle, true, true);
}

/** useWithdrawalT is useTranslation in the withdrawal progress namespace. */
export function useWithdrawalT() {
  return useTranslation(withdrawalNs);
}

/** useStatementT is useTranslation for the statement's modules: using it keeps this module, and so the texts, in their chunk. */
export function useStatementT() {
  return useTranslation();
}
