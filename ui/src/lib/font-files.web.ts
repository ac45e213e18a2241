// WOFF2 subsets of the native TTF files (scripts/make-fonts.js): one script each plus Latin,
// digits and punctuation. On the web an asset `require` is the file's URL (content-hashed,
// served immutable). Text shows at once in a fallback font and swaps when the file is in.
const thai: Record<string, string> = {
  NotoSansThai_400Regular: require('../../assets/fonts/NotoSansThai_400Regular.woff2'),
  NotoSansThai_700Bold: require('../../assets/fonts/NotoSansThai_700Bold.woff2'),
};
const lao: Record<string, string> = {
  NotoSansLao_400Regular: require('../../assets/fonts/NotoSansLao_400Regular.woff2'),
  NotoSansLao_700Bold: require('../../assets/fonts/NotoSansLao_700Bold.woff2'),
};

/** fontScript is the script whose fonts a locale loads: Lao for la, Thai for th and en. */
export function fontScript(locale: string): 'lao' | 'thai' {
  return locale === 'la' ? 'lao' : 'thai';
}

/**
 * fontFiles are the fonts of the locale's script only (family → URL): the Thai files carry
 * Latin too, so English loads them as well.
 */
export function fontFiles(locale: string): Record<string, string> {
  return fontScript(locale) === 'lao' ? lao : thai;
}

/**
 * fontFaceCSS is the `@font-face` rules of the locale's fonts, which every pre-rendered page
 * carries in its head (src/app/+html.tsx) for the build's default language.
 */
export function fontFaceCSS(locale: string): string {
  return Object.entries(fontFiles(locale))
    .map(([family, url]) => `@font-face{font-family:"${family}";src:url("${url}") format("woff2");font-display:swap}`)
    .join('\n');
}
