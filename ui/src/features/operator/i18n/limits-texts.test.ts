import i18n from 'i18next';

import '@/i18n';
import { limits } from '@/lib/limits.generated';
import { flattenLocale } from '@/testing/locale-parity';

import en from './en.json';
import { consoleNs } from './index';
import la from './la.json';
import th from './th.json';

// The console's texts name the fixed limits by placeholder too (core/limits), filled by i18n.
describe('console texts with limits', () => {
  it.each(['th', 'la', 'en'] as const)('%s fills the limits without being told them', async (lng) => {
    await i18n.changeLanguage(lng);
    const text = i18n.t('deposits.refundNoteTooLong', { ns: consoleNs });
    expect(text).toContain(String(limits.reason));
    expect(text).not.toContain('{{');
    const canned = i18n.t('errors.CHAT_CANNED_INVALID', { ns: consoleNs });
    expect(canned).toContain(String(limits.cannedTitle));
    expect(canned).toContain(String(limits.chatText));
    expect(canned).not.toContain('{{');
  });

  it('writes no limit a text names as a number', () => {
    for (const locale of [th, la, en].map((l) => flattenLocale(l))) {
      for (const [key, text] of Object.entries(locale)) {
        for (const n of [limits.reason, limits.chatText, limits.note, limits.cannedTitle].map(String)) {
          if (new RegExp(`(^|[^\\d.,])${n}([^\\d]|$)`).test(text)) throw new Error(`${key} writes ${n}: use its placeholder`);
        }
      }
    }
  });
});
