import { Platform } from 'react-native';

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
