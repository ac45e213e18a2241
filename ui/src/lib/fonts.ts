import { NotoSansLao_400Regular } from '@expo-google-fonts/noto-sans-lao/400Regular';
import { NotoSansLao_700Bold } from '@expo-google-fonts/noto-sans-lao/700Bold';
import { NotoSansThai_400Regular } from '@expo-google-fonts/noto-sans-thai/400Regular';
import { NotoSansThai_700Bold } from '@expo-google-fonts/noto-sans-thai/700Bold';
import { Platform } from 'react-native';

/** fontFiles are the bundled Thai and Lao fonts, loaded once with expo-font. */
export const fontFiles = {
  NotoSansThai_400Regular,
  NotoSansThai_700Bold,
  NotoSansLao_400Regular,
  NotoSansLao_700Bold,
};

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
