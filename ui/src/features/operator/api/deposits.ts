// The deposit answers of the console: the slips review queue, the credits, the QR payments and providers, the receiving accounts.
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type SlipParty = Schemas['SlipParty'];

export type ReviewSlip = Schemas['OperatorSlip'];

export type DepositCredit = Schemas['Credit'];

/** A pending gift voucher; amount is what TrueMoney redeemed when it was recorded (note REDEEMED), else 0. */
export type UnconfirmedVoucher = Schemas['PendingVoucher'];

/** A member's deposit QR as the console lists it. */
export type QRCodeRow = Schemas['QRCodeRow'];

/** A QR payment that matched no open QR (review queue): never credited automatically. */
export type UnmatchedQRPayment = Schemas['QRPayment'];

/** A QR provider's configuration (GET /api/operator/qr/providers): the secrets only as set or not. */
export type QRProvider = Schemas['QRProvider'];

/**
 * The deposit setting's value (the receiving accounts); the server fills each bank's type and names.
 * A bank's mode (slip) is stored as sent, but the setting's schema does not list it.
 */
export type DepositSetting = Schemas['SettingValue_deposit'];
export type ReceivingBank = DepositSetting['banks'][number] & { mode?: string };
export type ReceivingWallet = DepositSetting['wallets'][number];
