// The deposit calls of the console: the slips review queue, the credits, the receiving accounts.
export type SlipParty = { bankCode: string; accountNo: string; name: string };

export type ReviewSlip = {
  id: string;
  createdAt: string;
  status: string;
  note: string;
  amount: number;
  sendingBank: string;
  transRef: string;
  sender: SlipParty;
  receiver: SlipParty;
  transferredAt: string | null;
  decidedBy: string;
  decidedAt: string | null;
  member: { id: string; phone: string; name: string; bankCode: string; bankAccountNo: string; bankAccountName: string };
  imageUrl: string;
};

export type DepositCredit = {
  id: string;
  method: string;
  ref: string;
  memberId: string;
  phone: string;
  name: string;
  amount: number;
  by: string;
  createdAt: string;
};

/** A pending gift voucher; amount is what TrueMoney redeemed when it was recorded (note REDEEMED), else 0. */
export type UnconfirmedVoucher = { voucher: string; memberId: string; note: string; amount: number; createdAt: string };

/** A member's deposit QR as the console lists it. */
export type QRCodeRow = {
  id: string;
  memberId: string;
  provider: string;
  amount: number;
  status: 'OPEN' | 'PAID' | 'EXPIRED' | 'CANCELLED' | string;
  createdAt: string;
  expiresAt: string;
};

/** A QR payment that matched no open QR (review queue): never credited automatically. */
export type UnmatchedQRPayment = {
  provider: string;
  ref: string;
  qrcodeId: string;
  memberId: string;
  amount: number;
  paidAt: string;
  note: string;
  /** REVIEW while waiting; CREDITED (assigned) or REFUNDED (refunded outside Ngern) once an operator decided. */
  status?: 'REVIEW' | 'CREDITED' | 'REFUNDED' | string;
  decidedBy?: string;
  decidedAt?: string;
  decisionNote?: string;
};

/** A QR provider's configuration (GET /api/operator/qr/providers): the secrets only as set or not. */
export type QRProvider = {
  code: string;
  kind: 'promptpay' | 'gateway' | string;
  ready: boolean;
  enabled: boolean;
  min: number;
  quickAmounts: number[];
  lifetimeSeconds: number;
  apiKeySet: boolean;
  webhookSecretSet: boolean;
  secretsRequired: boolean;
  updatedBy: string;
  updatedAt: string;
  /** Stored secrets this server's secret key does not open: they count as not set. */
  unreadableSecrets?: string[];
};

export type ReceivingBank = { bankCode: string; bankAccountNo: string; bankAccountName: string; mode?: string };
export type ReceivingWallet = { mode: string; walletAccountName: string; walletAccountNo: string };
export type DepositSetting = { banks: ReceivingBank[]; wallets: ReceivingWallet[]; isManual: boolean };
