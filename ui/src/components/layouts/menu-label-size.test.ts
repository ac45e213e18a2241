import en from '@/i18n/locales/en.json';
import la from '@/i18n/locales/la.json';
import th from '@/i18n/locales/th.json';

import { menuItemPadding, menuLabelBase, menuLabelMin, menuLabelSize, wordEm, words } from './menu-label-size';

// The member's bottom menu, in its order (app/user/_layout.tsx).
const memberKeys = ['profile', 'conditions', 'home', 'games', 'statement', 'contact'] as const;
const locales = { th, la, en };

describe('menuLabelSize', () => {
  describe.each(Object.entries(locales))('the member menu in %s', (lang, locale) => {
    const labels = memberKeys.map((k) => locale.menu[k]);
    it.each([360, 390, 768])('keeps every word whole and readable at %i px', (width) => {
      const size = menuLabelSize(labels, width, lang);
      const slot = width / labels.length - 2 * menuItemPadding;
      // Readable: the menu's labels are not shrunk to fit a long word at a phone's width.
      expect(size).toBeGreaterThanOrEqual(12);
      for (const label of labels) {
        for (const word of words(label, lang)) expect(wordEm(word) * size).toBeLessThanOrEqual(slot);
      }
    });
  });

  it('shrinks the labels until the longest word fits its slot, down to the minimum', () => {
    const labels = ['Profile', 'Conditions', 'Home', 'Games', 'Statement', 'Contact'];
    const size = menuLabelSize(labels, 360, 'en');
    expect(size).toBeLessThan(menuLabelBase);
    expect(wordEm('Conditions') * size).toBeLessThanOrEqual(360 / 6 - 2 * menuItemPadding);
    expect(menuLabelSize(['Supercalifragilistic'], 60, 'en')).toBe(menuLabelMin);
    expect(menuLabelSize(labels, 1024, 'en')).toBe(menuLabelBase);
  });

  it('breaks Thai and Lao labels into dictionary words', () => {
    expect(words('ຕິດຕໍ່ພວກເຮົາ', 'la')).toEqual(['ຕິດຕໍ່', 'ພວກ', 'ເຮົາ']);
    expect(words('How to', 'en')).toEqual(['How', 'to']);
    // Without a segmenter (Hermes) an unspaced Thai or Lao run is the platform's to break.
    expect(words('ติดต่อเรา Line', 'th', null)).toEqual(['Line']);
  });

  it('counts Thai and Lao marks as no width', () => {
    expect(wordEm('ເງື່ອນໄຂ')).toBeCloseTo(wordEm('ເງອນໄຂ'));
  });
});
