import type { i18n as I18n } from 'i18next';

import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { flattenLocale } from '@/testing/locale-parity';

import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

// The currency of amount texts is the install's ({{currency}}, src/lib/config installCurrency),
// named in the member's language: baht in the Thai build, kip in the Laos build.

/** loadI18n initialises the app's i18n as the Thai or the Laos build does. */
function loadI18n(laos: boolean): I18n {
  let instance: I18n | undefined;
  const saved = process.env.EXPO_PUBLIC_NGERN_LAOS;
  process.env.EXPO_PUBLIC_NGERN_LAOS = laos ? '1' : '0';
  jest.isolateModules(() => {
    // metro.config.js bundles the build's default language: Lao in the Laos build.
    jest.doMock('ngern-default-locale', () => (laos ? la : th));
    instance = (require('./index') as { default: I18n }).default;
  });
  // As src/testing/setup.ts does: jest does not run the lazy language chunks.
  for (const [lng, translation] of Object.entries({ th, la, en })) instance!.addResourceBundle(lng, 'translation', translation);
  process.env.EXPO_PUBLIC_NGERN_LAOS = saved;
  return instance!;
}

// The features' namespaces (features/*/i18n, lazily loaded), read as files: i18n/ imports no feature.
const featuresDir = join(__dirname, '..', 'features');
function i18nDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => (e.name === 'i18n' ? [join(dir, e.name)] : i18nDirs(join(dir, e.name))));
}
function namespace(dir: string): Record<'th' | 'la' | 'en', object> {
  const read = (lng: string) => JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')) as object;
  return { th: read('th'), la: read('la'), en: read('en') };
}
const bonus = namespace(join(featuresDir, 'bonus', 'i18n'));
const deposit = namespace(join(featuresDir, 'deposit', 'i18n'));

describe('amount texts name the install currency', () => {
  const cases = [
    { name: 'Thai build in Thai', laos: false, lng: 'th', transfer: 'ยอดโอนขั้นต่ำ 1 บาท', bonus: '50 บาท' },
    { name: 'Thai build in Lao', laos: false, lng: 'la', transfer: 'ຍອດໂອນຂັ້ນຕ່ຳ 1 ບາດ', bonus: '50 ບາດ' },
    { name: 'Thai build in English', laos: false, lng: 'en', transfer: 'The minimum transfer is 1 THB', bonus: '50 THB' },
    { name: 'Laos build in Thai', laos: true, lng: 'th', transfer: 'ยอดโอนขั้นต่ำ 1 กีบ', bonus: '50 กีบ' },
    { name: 'Laos build in Lao', laos: true, lng: 'la', transfer: 'ຍອດໂອນຂັ້ນຕ່ຳ 1 ກີບ', bonus: '50 ກີບ' },
    { name: 'Laos build in English', laos: true, lng: 'en', transfer: 'The minimum transfer is 1 LAK', bonus: '50 LAK' },
  ] as const;

  it.each(cases)('$name', async ({ laos, lng, transfer, bonus: amount }) => {
    const i18n = loadI18n(laos);
    await i18n.changeLanguage(lng);
    expect(i18n.language).toBe(lng);
    // The limit message of the transfer minimum, filled from core/limits and the build.
    expect(i18n.t('errorMsg.TRANSFER_MINIMUM')).toBe(transfer);
    // A feature's namespace names the currency from the main table.
    i18n.addResourceBundle(lng, 'bonus', bonus[lng], true, true);
    expect(i18n.t('bonus:amountFixed', { amount: '50' })).toBe(amount);
  });

  it.each([
    { name: 'Thai build', laos: false, words: ['baht', 'baht'] },
    { name: 'Laos build', laos: true, words: ['kip', 'kip'] },
  ])('$name writes the word where the English text has one', async ({ laos, words }) => {
    const i18n = loadI18n(laos);
    await i18n.changeLanguage('en');
    i18n.addResourceBundle('en', 'deposit', deposit.en, true, true);
    expect(i18n.t('deposit:qrAmount', { amount: '200.00' })).toBe(`Pay 200.00 ${words[0]}`);
    expect(i18n.t('deposit:qrAmountLabel')).toBe(`Amount (${words[1]})`);
  });
});

describe('no amount text writes a currency', () => {
  // A TrueMoney gift link is worth baht in every install: its texts keep the word.
  const giftLink = ['errorMsg.TRUELINK_MINIMUM', 'giftNote', 'giftCredited', 'giftPending'];
  // The currency table itself and the register's choice of an account's currency.
  const named = /^(currency\.|register\.currencies\.)/;
  const word = /(?<!บท)บาท|(?<!ບົດ)ບາດ|\bbaht\b(?!}})|\bTHB\b|กีบ|ກີບ|\bkip\b|\bLAK\b/;
  const tables: Record<string, Record<'th' | 'la' | 'en', object>> = { main: { th, la, en } };
  for (const dir of i18nDirs(featuresDir)) tables[dir.slice(featuresDir.length + 1)] = namespace(dir);
  // The default namespace's lazy parts shared by several features (addLazyTexts).
  tables.wallet = namespace(join(__dirname, 'wallet'));
  const rows = Object.entries(tables).flatMap(([ns, t]) =>
    (['th', 'la', 'en'] as const).map((lng) => ({ name: `${ns} ${lng}`, table: t[lng] })),
  );

  it.each(rows)('$name', ({ table }) => {
    const written = Object.entries(flattenLocale(table))
      .filter(([key]) => !named.test(key) && !giftLink.includes(key))
      .filter(([, text]) => word.test(text.replace(/\{\{\w+\}\}/g, '')))
      .map(([key]) => key);
    expect(written).toEqual([]);
  });
});
