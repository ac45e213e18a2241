// The withdrawal progress strings and the deposit methods live in their own namespace, added when the statement's code
// loads (its route is a chunk of its own), so that /login's first load never carries them. The statement's own texts
// (`statement.…` of the default namespace) come with it for the same reason: they join a language's default namespace
// here once that language is loaded — now for the languages already in, later (the `loaded` event) for one loaded
// after — never before it, since i18next would take a language with any bundle as loaded and not fetch its texts.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

import en from './en.json';
import la from './la.json';
import statementEn from './statement.en.json';
import statementLa from './statement.la.json';
import statementTh from './statement.th.json';
import th from './th.json';

const statementTexts: Record<string, object> = { th: statementTh, la: statementLa, en: statementEn };

/** addStatementTexts adds the statement's texts to lng's default namespace once that is loaded. */
export function addStatementTexts(lng: string) {
  const texts = statementTexts[lng];
  if (texts && i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', texts, true, false);
}

Object.keys(statementTexts).forEach(addStatementTexts);
i18n.on('loaded', (loaded: Record<string, unknown>) => Object.keys(loaded).forEach(addStatementTexts));

export const withdrawalNs = 'withdrawalProgress';

for (const [lng, bundle] of Object.entries({ th, la, en })) {
  if (!i18n.hasResourceBundle(lng, withdrawalNs)) i18n.addResourceBundle(lng, withdrawalNs, bundle, true, true);
}

/** useWithdrawalT is useTranslation in the withdrawal progress namespace. */
export function useWithdrawalT() {
  return useTranslation(withdrawalNs);
}
