// The console's language is its own: kept under `operator-locale` in the browser's localStorage
// (in memory where there is none), never under the member app's `locale` key or its `i18next`
// cookie. So an operator switching the console to English on a shared device leaves the member
// app's saved language as it was; and leaving the console gives the member app its language back.
import { useEffect } from 'react';

import i18n, { isLocale, savedLocale, type Locale } from '@/i18n';

/** consoleLocaleKey is the localStorage key of the console's language. */
export const consoleLocaleKey = 'operator-locale';

let memoryLocale: Locale | null = null;

function local(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** consoleLocale is the language the console was last switched to on this device, if any. */
export function consoleLocale(): Locale | null {
  const s = local();
  const value = s ? s.getItem(consoleLocaleKey) : memoryLocale;
  return isLocale(value) ? value : null;
}

/** changeConsoleLocale switches the console's language and remembers it for the console only. */
export function changeConsoleLocale(locale: Locale): void {
  const s = local();
  if (s) s.setItem(consoleLocaleKey, locale);
  else memoryLocale = locale;
  i18n.changeLanguage(locale);
}

/**
 * useConsoleLocale shows the console in its own language (the member app's until the console is
 * first switched) and gives the member app its saved language back when the console goes away.
 */
export function useConsoleLocale(): void {
  useEffect(() => {
    const own = consoleLocale();
    if (own && own !== i18n.language) i18n.changeLanguage(own);
    return () => {
      const member = savedLocale();
      if (member !== i18n.language) i18n.changeLanguage(member);
    };
  }, []);
}
