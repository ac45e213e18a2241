import { NotoSansLao_400Regular } from '@expo-google-fonts/noto-sans-lao/400Regular';
import { NotoSansLao_700Bold } from '@expo-google-fonts/noto-sans-lao/700Bold';
import { NotoSansThai_400Regular } from '@expo-google-fonts/noto-sans-thai/400Regular';
import { NotoSansThai_700Bold } from '@expo-google-fonts/noto-sans-thai/700Bold';
import type { FontSource } from 'expo-font';

const all = { NotoSansThai_400Regular, NotoSansThai_700Bold, NotoSansLao_400Regular, NotoSansLao_700Bold };

/**
 * fontFiles are the fonts to load for a locale. The native apps carry the TTF files in the
 * bundle and load all of them behind the splash screen, whatever the language.
 */
export function fontFiles(_locale: string): Record<string, FontSource> {
  return all;
}
