import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Platform } from 'react-native';

import { isLaos } from '@/lib/config';
import { readItem, saveLocale, storageKeys, storageReady } from '@/lib/storage';

import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

export const locales = ['th', 'la', 'en'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = isLaos ? 'la' : 'th';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** documentLang is the html lang of a locale: Lao is la in the app and lo in documents. */
export function documentLang(locale: Locale): string {
  return locale === 'la' ? 'lo' : locale;
}

function applyDocumentLang(locale: Locale): void {
  if (Platform.OS === 'web' && typeof document !== 'undefined') {
    document.documentElement.lang = documentLang(locale);
  }
}

function storedLocale(): Locale | null {
  const value = readItem(storageKeys.locale);
  return isLocale(value) ? value : null;
}

i18n.use(initReactI18next).init({
  resources: { th: { translation: th }, la: { translation: la }, en: { translation: en } },
  lng: storedLocale() ?? defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: __DEV__,
  missingKeyHandler: (_lngs, _ns, key) => {
    if (__DEV__) console.warn(`Missing translation key: ${key}`);
  },
});

applyDocumentLang(i18n.language as Locale);
i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) applyDocumentLang(lng);
});

// Native storage is read asynchronously: apply the stored locale once it is there.
storageReady.then(() => {
  const stored = storedLocale();
  if (stored && stored !== i18n.language) i18n.changeLanguage(stored);
});

/** changeLocale switches the language and remembers it (and the web cookie). */
export function changeLocale(locale: Locale): void {
  saveLocale(locale);
  i18n.changeLanguage(locale);
}

export default i18n;
