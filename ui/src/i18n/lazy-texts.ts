import i18n from 'i18next';
import { use } from 'react';

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

/** TextsLoad is the promise of a textsChunk: marked fulfilled once the texts are in. */
export type TextsLoad = Promise<void> & { status?: 'fulfilled' };

/**
 * textsChunk is for texts that several chunks show: a module that two chunks import is hoisted into
 * the shared chunk that /login loads (docs/ui.md), so such texts come by a dynamic import, a chunk
 * of their own. It returns `ensure`, which loads them once and adds them (addLazyTexts); its promise
 * is marked fulfilled once they are in (useTexts). A failed load is forgotten, so that a retry of
 * the route loads it again.
 */
export function textsChunk(load: () => Promise<{ default: Record<string, object> }>): () => TextsLoad {
  let loading: TextsLoad | undefined;
  return () => {
    if (!loading) {
      const p: TextsLoad = load().then(
        (m) => {
          addLazyTexts(m.default);
          p.status = 'fulfilled';
        },
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      loading = p;
    }
    return loading;
  };
}

/** useTexts suspends the component until the texts of `ensure` (a textsChunk) are in; once they are, it does nothing. */
export function useTexts(ensure: () => TextsLoad): void {
  const load = ensure();
  if (load.status !== 'fulfilled') use(load as Promise<void>);
}
