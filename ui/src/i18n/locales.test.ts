import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';
import { clientErrorCodes } from '../lib/api';
import { errorCodes as serverErrorCodes } from '../lib/error-codes.generated';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
    return out;
  }, {});
}

const locales = { th: flatten(th), la: flatten(la), en: flatten(en) };

// The server's catalogue (generated from core/errs) and the client's own network codes.
const errorCodes: readonly string[] = [...serverErrorCodes, ...clientErrorCodes];

const slipReasons = [
  'UPLOADED_FILE_NOT_EXIST', 'IMG_SIZE_UNABLE_TO_PROCESS', 'CANNOT_READ_CROPPED_IMAGE', 'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED', 'UNSTABLE_REFNO_ON_SLIP', 'TRIPPLE_WRONG_CAPTCHA', 'INVALID_SLIP', 'NOT_MATCH',
  'EXPIRED_SLIP', 'UNKNOW_ERROR',
];

const variables = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();

describe('locales', () => {
  const reference = Object.keys(locales.en).sort();

  it.each(['th', 'la'] as const)('%s has exactly the keys of en', (name) => {
    const keys = Object.keys(locales[name]).sort();
    expect(keys.filter((k) => !reference.includes(k))).toEqual([]);
    expect(reference.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(['th', 'la', 'en'] as const)('%s has no empty texts', (name) => {
    expect(Object.entries(locales[name]).filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it.each(['th', 'la'] as const)('%s uses the same {{variables}} as en', (name) => {
    const mismatched = reference.filter((k) => variables(locales[name][k]).join() !== variables(locales.en[k]).join());
    expect(mismatched).toEqual([]);
  });

  it.each(['th', 'la', 'en'] as const)('%s translates every error code', (name) => {
    expect(errorCodes.filter((code) => !locales[name][`errorMsg.${code}`])).toEqual([]);
  });

  it.each(['th', 'la', 'en'] as const)('%s translates every slip reason code', (name) => {
    expect(slipReasons.filter((code) => !locales[name][`slipReason.${code}`])).toEqual([]);
  });

  it('keeps the spec wording in English', () => {
    expect(locales.en['register.phoneTenDigits']).toBe('The phone number must support 10 digits');
    expect(locales.en['register.passwordMismatch']).toBe("Passwords don't match");
    expect(locales.en['register.englishOnly']).toBe('Bank account name must be in English only');
    expect(locales.en['notFound.title']).toBe('Page Not Found');
  });
});
