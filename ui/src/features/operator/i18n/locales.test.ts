import { consoleErrorCodes } from '@/lib/error-codes.generated';
import { describeLocaleParity, flattenLocale } from '@/testing/locale-parity';

import en from './en.json';
import la from './la.json';
import th from './th.json';

describeLocaleParity('console', { th, la, en });

// The codes only operators' and parties' calls answer are translated here, not in the member
// app's errorMsg table (core/errs consoleOnly).
describe('console error texts', () => {
  const locales = { th: flattenLocale(th), la: flattenLocale(la), en: flattenLocale(en) };
  it.each(['th', 'la', 'en'] as const)('%s translates every console-only code', (name) => {
    expect(consoleErrorCodes.filter((code) => !locales[name][`errors.${code}`])).toEqual([]);
  });
});
