/** A banner of a bonus or a rewards program: lang is th, la or en, or absent for every language. */
export type LangBanner = { lang?: string };

/**
 * bannersFor keeps the banners of the language (or of every language) in their order; when the
 * operator made none in the language, the Thai ones stand in for them, as every untranslated text
 * (the server's rewards banners follow the same rule). The member app and the console's preview
 * both use it.
 */
export function bannersFor<B extends LangBanner>(banners: B[], language: string): B[] {
  const lang = banners.some((b) => b.lang === language) ? language : 'th';
  return banners.filter((b) => !b.lang || b.lang === lang);
}
