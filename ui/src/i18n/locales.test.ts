import { clientErrorCodes } from '@/lib/api';
import { consoleErrorCodes, errorCodes as serverErrorCodes } from '@/lib/error-codes.generated';
import { describeLocaleParity, flattenLocale } from '@/testing/locale-parity';

import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

// Keys (Thai and Lao plurals as _other only), {{variables}}, no empty text.
describeLocaleParity('main', { th, la, en });

const locales = { th: flattenLocale(th), la: flattenLocale(la), en: flattenLocale(en) };

// The server's catalogue (generated from core/errs) and the client's own network codes; the
// console-only codes are the console's to translate (features/operator/i18n), out of this table.
const consoleCodes: readonly string[] = consoleErrorCodes;
const errorCodes: readonly string[] = [...serverErrorCodes, ...clientErrorCodes].filter((c) => !consoleCodes.includes(c));

const slipReasons = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
  // A slip whose transfer the bank feed credited already (core/deposit NoteFeedCredited).
  'FEED_CREDITED',
];

describe('main strings', () => {
  it.each(['th', 'la', 'en'] as const)('%s translates every error code', (name) => {
    expect(errorCodes.filter((code) => !locales[name][`errorMsg.${code}`])).toEqual([]);
  });

  it.each(['th', 'la', 'en'] as const)('%s leaves the console-only codes to the console', (name) => {
    expect(consoleCodes.filter((code) => locales[name][`errorMsg.${code}`])).toEqual([]);
  });

  it.each(['th', 'la', 'en'] as const)('%s translates every slip reason code', (name) => {
    expect(slipReasons.filter((code) => !locales[name][`slipReason.${code}`])).toEqual([]);
  });

  it('keeps the spec wording in English', () => {
    expect(locales.en['notFound.title']).toBe('Page Not Found');
  });
});
