import i18n from 'i18next';

/**
 * addLazyTexts adds a lazy feature's texts (keys of the default namespace, e.g. `{ profile: … }`)
 * to each language's default namespace once that language is loaded: now for the languages
 * already in, later (i18next's `loaded` event) for one loaded after. Never before: i18next takes a
 * language that has any bundle as loaded and would not fetch the rest of its texts. A feature
 * calls it when its code loads, so that its texts stay out of /login's first load.
 */
export function addLazyTexts(texts: Record<string, object>): void {
  const add = (lng: string) => {
    if (texts[lng] && i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', texts[lng], true, false);
  };
  Object.keys(texts).forEach(add);
  i18n.on('loaded', (loaded: Record<string, unknown>) => Object.keys(loaded).forEach(add));
}
