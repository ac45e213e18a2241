import type { Banner } from './api/bonus';

/** bannersFor keeps the banners of the language (or of every language) in their order. */
export function bannersFor(banners: Banner[], language: string): Banner[] {
  return banners.filter((b) => !b.lang || b.lang === language);
}
