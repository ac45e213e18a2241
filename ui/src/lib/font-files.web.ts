import { FontDisplay, type FontSource } from 'expo-font';

// WOFF2 subsets of the native TTF files (scripts/make-fonts.js): one script each plus Latin,
// digits and punctuation. Text shows at once in a fallback font and swaps when the file is in.
const thai = {
  NotoSansThai_400Regular: { uri: require('../../assets/fonts/NotoSansThai_400Regular.woff2'), display: FontDisplay.SWAP },
  NotoSansThai_700Bold: { uri: require('../../assets/fonts/NotoSansThai_700Bold.woff2'), display: FontDisplay.SWAP },
};
const lao = {
  NotoSansLao_400Regular: { uri: require('../../assets/fonts/NotoSansLao_400Regular.woff2'), display: FontDisplay.SWAP },
  NotoSansLao_700Bold: { uri: require('../../assets/fonts/NotoSansLao_700Bold.woff2'), display: FontDisplay.SWAP },
};

/**
 * fontFiles are the fonts of the locale's script only: Lao for la, Thai for th and en (the
 * Thai files carry Latin too). Static rendering preloads them in each page's head.
 */
export function fontFiles(locale: string): Record<string, FontSource> {
  return locale === 'la' ? lao : thai;
}
