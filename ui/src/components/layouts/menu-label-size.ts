/**
 * The bottom menu's label size. Six entries share a 360 px screen, about 56 px each: a label may
 * wrap between its words (Thai and Lao ones between dictionary words), never inside one. The
 * size is the caption's unless the longest word of some label would not fit its slot, then the
 * largest that fits (half pixels, 9 at least), the same for every entry so the bar reads as one. Widths are estimated from
 * the characters, erring wide (a bold system sans such as DejaVu Sans), since the web's Latin
 * falls back to the system font.
 */

export const menuLabelBase = 13;
export const menuLabelMin = 9;
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

/** menuLabelSize is the font size of the labels of a menu of these labels across width px. */
export function menuLabelSize(labels: string[], width: number, lang: string, segment = intlSegmenter): number {
  if (labels.length === 0 || width <= 0) return menuLabelBase;
  const slot = width / labels.length - 2 * menuItemPadding;
  let longest = 0;
  for (const label of labels) for (const w of words(label, lang, segment)) longest = Math.max(longest, wordEm(w));
  if (longest === 0) return menuLabelBase;
  // Half pixels, rounded down: the estimate stays inside the slot.
  const fits = Math.floor((slot / longest) * 2) / 2;
  return Math.max(menuLabelMin, Math.min(menuLabelBase, fits));
}
