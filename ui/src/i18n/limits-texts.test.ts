import { limits, type LimitName } from '@/lib/limits.generated';
import { flattenLocale } from '@/testing/locale-parity';

import i18n from './index';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';
import walletEn from './wallet/en.json';
import walletLa from './wallet/la.json';
import walletTh from './wallet/th.json';

// Texts name the fixed limits by placeholder, filled from the table generated from core/limits.
const texts = [th, la, en, walletTh, walletLa, walletEn].map((l) => flattenLocale(l));

describe('texts with limits', () => {
  it.each(['th', 'la', 'en'] as const)('%s fills the limits without being told them', async (lng) => {
    await i18n.changeLanguage(lng);
    const transfer = i18n.t('errorMsg.TRANSFER_MINIMUM');
    expect(transfer).toContain(String(limits.transferMin));
    expect(i18n.t('errorMsg.TRUELINK_MINIMUM')).toContain(String(limits.giftLinkMin));
    expect(transfer).not.toContain('{{');
  });

  it('writes no limit as a number where a placeholder names it', () => {
    const named = new Set<string>();
    for (const locale of texts) {
      for (const text of Object.values(locale)) {
        for (const m of String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) named.add(m[1]);
      }
    }
    const used = (Object.keys(limits) as LimitName[]).filter((name) => named.has(name));
    expect(used).toEqual(expect.arrayContaining(['transferMin', 'giftLinkMin']));
    // The numbers of the limits the texts name appear in no text as written numbers.
    const numbers = used.map((name) => String(limits[name])).filter((n) => n.length > 1);
    for (const locale of texts) {
      for (const [key, text] of Object.entries(locale)) {
        for (const n of numbers) {
          if (new RegExp(`(^|[^\\d.,])${n}([^\\d]|$)`).test(String(text))) throw new Error(`${key} writes ${n}: use its placeholder`);
        }
      }
    }
  });
});
