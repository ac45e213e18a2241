import { useEffect } from 'react';
import { getI18n } from 'react-i18next';

import { fontFiles, fontScript } from './font-files.web';
import { pageLocale } from './page-locale';

export { fontFamily } from './font-family';

// The pre-rendered head declares and preloads the page language's fonts (src/app/+html.tsx).
const declared = new Set<string>([fontScript(pageLocale)]);

/**
 * loadFonts declares the fonts of a locale's script and starts their download, once per script:
 * the FontFace API does what expo-font did on the web, without its ≈ 19 kB (expo-font,
 * expo-asset, fontfaceobserver) in the first load.
 */
export function loadFonts(locale: string): void {
  const script = fontScript(locale);
  if (declared.has(script) || typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  declared.add(script);
  for (const [family, url] of Object.entries(fontFiles(locale))) {
    const face = new FontFace(family, `url("${url}") format("woff2")`, { display: 'swap' });
    // FontFaceSet.add is not in the DOM typings this project compiles with.
    (document.fonts as unknown as Set<FontFace>).add(face);
    face.load().catch(() => undefined);
  }
}

/**
 * useAppFonts loads the fonts of the current language and, when the language changes, those of
 * the new one. The web never waits for fonts (text swaps in), so it reports them loaded.
 */
export function useAppFonts(): [boolean, Error | null] {
  useEffect(() => {
    // The app's i18next instance (src/i18n registers it): lib/ does not import i18n/, which
    // imports lib/.
    const i18n = getI18n();
    loadFonts(i18n.language);
    i18n.on('languageChanged', loadFonts);
    return () => i18n.off('languageChanged', loadFonts);
  }, []);
  return [true, null];
}
