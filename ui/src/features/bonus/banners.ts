import type { Banner } from './api/bonus';

/**
 * bannersFor keeps the banners of the language (or of every language) in their order; when the
 * operator made none in the language, the Thai ones stand in for them, as every untranslated text.
 */
export function bannersFor(banners: Banner[], language: string): Banner[] {
  const lang = banners.some((b) => b.lang === language) ? language : 'th';
  return banners.filter((b) => !b.lang || b.lang === lang);
}
