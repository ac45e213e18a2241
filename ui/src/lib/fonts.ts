import { loadAsync, useFonts } from 'expo-font';
import { useEffect } from 'react';
import { Platform } from 'react-native';

import i18n from '@/i18n';

import { fontFiles } from './font-files';

/**
 * useAppFonts loads the fonts of the current language and, when the language changes, those of
 * the new one (on the web each script is a separate download).
 */
export function useAppFonts(): [boolean, Error | null] {
  const result = useFonts(fontFiles(i18n.language));
  useEffect(() => {
    const load = (lng: string) => {
      loadAsync(fontFiles(lng)).catch(() => undefined);
    };
    i18n.on('languageChanged', load);
    return () => i18n.off('languageChanged', load);
  }, []);
  return result;
}

/**
 * fontFamily picks the family for a locale. On web a stack lets the browser take each glyph
 * from the font that has it; native platforms fall back per glyph to the system font.
 */
export function fontFamily(locale: string, bold: boolean): string | undefined {
  const weight = bold ? '700Bold' : '400Regular';
  if (Platform.OS === 'web') {
    const first = locale === 'la' ? 'NotoSansLao' : 'NotoSansThai';
    const second = locale === 'la' ? 'NotoSansThai' : 'NotoSansLao';
    return `${first}_${weight}, ${second}_${weight}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  }
  if (locale === 'la') return `NotoSansLao_${weight}`;
  if (locale === 'th') return `NotoSansThai_${weight}`;
  return undefined;
}
