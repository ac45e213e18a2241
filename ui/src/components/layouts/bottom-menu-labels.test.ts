import en from '@/i18n/locales/en.json';
import la from '@/i18n/locales/la.json';
import th from '@/i18n/locales/th.json';
import { menuItemPadding, wordEm, words } from '@/testing/label-width';

import { menuLabelSize } from './bottom-menu';

// The member's bottom menu, in its order (app/user/_layout.tsx).
const memberKeys = ['profile', 'conditions', 'home', 'games', 'statement', 'contact'] as const;
const locales = { th, la, en };

describe('the bottom menu labels', () => {
  describe.each(Object.entries(locales))('of the member menu in %s', (lang, locale) => {
    const labels = memberKeys.map((k) => locale.menu[k]);
    it.each([360, 390, 768])('keep every word whole at the menu label size at %i px', (width) => {
      const slot = width / labels.length - 2 * menuItemPadding;
      for (const label of labels) {
        for (const word of words(label, lang)) expect(wordEm(word) * menuLabelSize).toBeLessThanOrEqual(slot);
      }
    });
  });

  it('would catch a label whose word does not fit (the first English labels)', () => {
    const slot = 360 / 6 - 2 * menuItemPadding;
    expect(wordEm('Conditions') * menuLabelSize).toBeGreaterThan(slot);
    expect(wordEm('Statement') * menuLabelSize).toBeGreaterThan(slot);
  });

  it('breaks Thai and Lao labels into dictionary words', () => {
    expect(words('ຕິດຕໍ່ພວກເຮົາ', 'la')).toEqual(['ຕິດຕໍ່', 'ພວກ', 'ເຮົາ']);
    expect(words('How to', 'en')).toEqual(['How', 'to']);
    // Without a segmenter (Hermes) an unspaced Thai or Lao run is the platform's to break.
    expect(words('ติดต่อเรา Line', 'th', null)).toEqual(['Line']);
  });
});
