import { defaultLocale } from './config';

type PageLocale = 'th' | 'la' | 'en';

/** localeOfTag is the app's locale of a document language tag (Lao is lo in documents), else the default. */
export function localeOfTag(tag: string | undefined): PageLocale {
  const locale = tag === 'lo' ? 'la' : tag;
  return locale === 'th' || locale === 'la' || locale === 'en' ? locale : defaultLocale;
}

/**
 * pageLocale is the language the page was pre-rendered in, which the first render must use to
 * hydrate it (src/i18n): in the browser the document's (the server picks each page's file by
 * the visitor's language, adapters/httpapi/web.go), while the build pre-renders the export's
 * (NGERN_RENDER_LOCALE, scripts/prerender-languages.js; unset on native and in tests); else the
 * build's default.
 */
export const pageLocale: PageLocale = localeOfTag(
  typeof document !== 'undefined' ? document.documentElement.lang : process.env.NGERN_RENDER_LOCALE,
);
