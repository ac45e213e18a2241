import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

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

// Spec part 8 plus the server's extra codes and the client's own network codes.
const errorCodes = [
  'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN', 'INVALID_USER_1', 'INVALID_USER_2', 'INVALID_USER_3', 'INVALID_USER_4', 'INVALID_IP',
  'OTP_BLOCK', 'REQUEST_LIMIT', 'OTP_TOKEN_INVALID', 'OTP_NOT_EXIST', 'OTP_VERIFIED', 'OTP_EXPIRED', 'OTP_CODE_INVALID',
  'OTP_CODE_VALID', 'OTP_SEND_FAIL', 'OTP_VERIFY_FAIL', 'UNVERIFIED_OTP',
  'EXISTING_USER', 'EXISTING_BANK', 'INVALID_USER_INFO', 'INVALID_BANK', 'BANK_ACCOUNT_NAME_ENG', 'REGISTER_FAIL',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  'NO_USER', 'WRONG_PASSWORD', 'WRONG_CREDENTIAL', 'INACTIVE_USER', 'LOGIN_FAIL',
  'BONUS_REMAINING', 'BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'BONUS_CONDITION', 'BONUS_CLEAR', 'BONUS_FULL',
  'NO_PROMOTION', 'PROMOTION_RECEIVED',
  'INVITE_COLLECT', 'INVITE_INACTIVE', 'NO_INVITE_BONUS', 'NO_INVITEE_PLAY_INFO', 'INVITE_BONUS_SUCCESS', 'INVITE_BONUS_FAIL',
  'NO_REFUND', 'REFUND_CONDITION', 'REFUND_SUCCESS', 'REFUND_INACTIVE', 'REFUND_MINIMUM',
  'SLOT_ALREADY_ACTIVE', 'SLOT_ACTIVATE_FAIL', 'SLOT_NO_ACCOUNT', 'SLOT_RESET_PASSWORD_FAIL', 'GAME_ACTIVATION_FAIL',
  'NO_GAME', 'NOT_AREASLOT', 'NOT_UFABET',
  'TRANSFER_MINIMUM', 'MONEY_NOT_ENOUGH', 'TRANSFER_FAIL',
  'SLIP_UPLOAD_FAIL', 'REQUEST_LIMIT_1MIN', 'SLIP_NO_FILE', 'SLIP_INVALID_FILE', 'TRUELINK_DUPLICATE', 'TRUELINK_INVALID', 'QR_FAIL',
  'NO_BANK', 'NO_WALLET', 'NO_DATA', 'KEY_MISSING', 'KEY_INVALID', 'INTERNAL_SERVER_ERROR', 'OK', 'SUCCESS',
  'NO_CLAIMABLE_COUPON', 'INVALID_PRIZE_CODE', 'INVALID_CODE', 'INVALID_COUPON_TYPE', 'COUPON_EXPIRED',
  'invalid-token', 'gone', 'IDEMPOTENCY_CONFLICT', 'INVALID_AMOUNT', 'SAME_ACCOUNT', 'NOT_FOUND', 'WITHDRAW_MINIMUM',
  'WITHDRAW_MAXIMUM', 'WITHDRAW_PENDING', 'TRANSFER_PENDING', 'INVALID_REQUEST', 'PAYLOAD_TOO_LARGE',
  'INVALID_CHARACTERS', 'SERVICE_UNAVAILABLE',
  'NETWORK_ERROR', 'TIMEOUT',
];

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
