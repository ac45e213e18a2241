import { loadAsync, useFonts } from 'expo-font';
import { useEffect } from 'react';
import { getI18n } from 'react-i18next';

import { fontFiles } from './font-files';

export { fontFamily } from './font-family';

/**
 * useAppFonts loads the fonts of the current language and, when the language changes, those of
 * the new one. Native only: the web has its own (fonts.web.ts), without expo-font.
 */
export function useAppFonts(): [boolean, Error | null] {
  // The app's i18next instance (src/i18n registers it): lib/ does not import i18n/, which
  // imports lib/.
  const i18n = getI18n();
  const result = useFonts(fontFiles(i18n.language));
  useEffect(() => {
    const load = (lng: string) => {
      loadAsync(fontFiles(lng)).catch(() => undefined);
    };
    i18n.on('languageChanged', load);
    return () => i18n.off('languageChanged', load);
  }, [i18n]);
  return result;
}
