import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Platform } from 'react-native';

import { defaultLocale, installCurrency } from '@/lib/config';
import { limits } from '@/lib/limits.generated';
import { pageLocale } from '@/lib/page-locale';
import { readItem, saveLocale, storageKeys, storageReady } from '@/lib/storage';

// The build's default language (Thai, or Lao in the Laos build; see metro.config.js) is part of
// the first load; the others are separate chunks fetched when a member picks them. While the
// build pre-renders the pages in another language, that language's (metro.config.js).
import defaultTranslation from 'ngern-default-locale';

export const locales = ['th', 'la', 'en'] as const;
export type Locale = (typeof locales)[number];

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

const loaders: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  th: () => import('./locales/th.json'),
  la: () => import('./locales/la.json'),
  en: () => import('./locales/en.json'),
};

/** lazyLocales loads a language's translations the first time it is used. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    loaders[language]().then(
      (mod) => callback(null, mod.default),
      (err: Error) => callback(err, false),
    );
  },
};

// The bundled language: the pre-rendered page's while the build renders it, else the default.
const bundled: Locale = typeof document === 'undefined' ? pageLocale : defaultLocale;

// The first render uses the language the page was pre-rendered in, so that the page hydrates
// without a mismatch; a stored choice is applied right after (below).
i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { [bundled]: { translation: defaultTranslation } },
    partialBundledLanguages: true,
    initAsync: false,
    lng: bundled,
    fallbackLng: bundled,
    supportedLngs: [...locales],
    // Texts name the fixed limits by placeholder ({{transferMin}}), never as numbers (core/limits),
    // and the install's currency as {{currency}} (THB or LAK): English texts that write a code use
    // it as is, the others name it in words with $t(currency.{{currency}}) (the `currency` table
    // of each language; $t(translation:currency.{{currency}}) from a feature's namespace).
    interpolation: { escapeValue: false, defaultVariables: { ...limits, currency: installCurrency } },
    returnNull: false,
    saveMissing: __DEV__,
    missingKeyHandler: (_lngs, _ns, key) => {
      if (__DEV__) console.warn(`Missing translation key: ${key}`);
    },
  });

/**
 * languageReady is set when the page was pre-rendered in a language that is not bundled (the
 * server chose the visitor's): it resolves once that language's chunk is in, and the root
 * layout (src/app/_layout.tsx) waits for it before it hydrates the page.
 */
export const languageReady: Promise<unknown> | null = pageLocale !== bundled ? i18n.changeLanguage(pageLocale) : null;

// The document's language is the page's already (src/app/+html.tsx); it follows every change.
i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) applyDocumentLang(lng);
});

// Storage is read asynchronously on native: apply the stored locale once it is there (and once
// the page's own language is in).
Promise.all([storageReady, languageReady]).then(() => {
  const stored = storedLocale();
  if (stored && stored !== i18n.language) i18n.changeLanguage(stored);
});

/** savedLocale is the member app's language on this device: the stored choice or the default. */
export function savedLocale(): Locale {
  return storedLocale() ?? defaultLocale;
}

/** changeLocale switches the language and remembers it (and the web cookie). */
export function changeLocale(locale: Locale): void {
  saveLocale(locale);
  i18n.changeLanguage(locale);
}

export default i18n;
