/**
 * Label widths for tests: the bottom menu's six entries share a 360 px screen, about 56 px each,
 * and a label may wrap between its words (Thai and Lao ones between dictionary words), never
 * inside one. The test of the menu's texts (components/layouts/bottom-menu-labels.test.ts) holds
 * every label's longest word inside its slot at the menu's label size; the app computes nothing at
 * run time (the first load's budget). Widths are estimated from the characters, erring wide (a
 * bold system sans such as DejaVu Sans), since the web's Latin falls back to the system font.
 */

/** The item's horizontal padding, each side (bottom-menu.tsx). */
export const menuItemPadding = 2;

const narrow = new Set("fijlrtI!.,:;'|()");
const wide = new Set('mwMW@');
/** The active entry is bold: its glyphs are wider. */
const boldFactor = 1.08;

/** charEm is the estimated advance of one character, in em. */
function charEm(c: string): number {
  if (/\p{M}/u.test(c)) return 0; // Thai and Lao vowel and tone marks sit on their consonant
  if (narrow.has(c)) return 0.35;
  if (wide.has(c)) return 0.95;
  if (/\p{Lu}/u.test(c)) return 0.75;
  return 0.64;
}

/** wordEm is the estimated width of a word set in bold, in em. */
export function wordEm(word: string): number {
  let em = 0;
  for (const c of word) em += charEm(c);
  return em * boldFactor;
}

type Segmenter = (text: string, lang: string) => string[];

const intlSegmenter: Segmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? (text, lang) =>
        Array.from(new Intl.Segmenter(lang, { granularity: 'word' }).segment(text))
          .filter((s) => s.isWordLike)
          .map((s) => s.segment)
    : null;

const thaiLao = /[\u0E00-\u0EFF]/;

/**
 * words are the unbreakable pieces of a label: its words, Thai and Lao ones by dictionary
 * (Intl.Segmenter). Without a segmenter (Hermes: null) an unspaced Thai or Lao run is left out: the
 * platform breaks it by dictionary too, and counting it whole would shrink every label.
 */
export function words(label: string, lang: string, segment: Segmenter | null = intlSegmenter): string[] {
  if (segment) return segment(label, lang);
  return label.split(/\s+/).filter((w) => w !== '' && !thaiLao.test(w));
}
