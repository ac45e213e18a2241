// Answers of the operator API (docs/api.md, operator section).
import type { Role } from '../roles';

export type CountAmount = { count: number; amount: number };

export type Dashboard = {
  day: string;
  deposits: CountAmount;
  withdrawals: CountAmount;
  adjustments: CountAmount;
  pendingWithdrawals: CountAmount;
  openTransfers: { count: number };
  membersRegistered: { today: number; total: number };
};

export type MemberRow = {
  _id: string;
  phone: string;
  name: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  status: 'active' | 'locked' | string;
  createdAt: string;
};

export type MemberDetail = {
  member: { _id: string; phone: string; name: string; status: string; createdAt: string; lastSeenAt?: string | null };
  bankAccount: {
    bankCode: string;
    bankAccountNo: string;
    bankAccountName: string;
    bank?: { nameTH?: string; nameEN?: string } | null;
  } | null;
  wallet: { amount: number };
  games: { code: string; name: string; amount: number }[];
  sessions: { id: string; createdAt: string; lastSeenAt?: string | null; ip?: string; userAgent?: string }[];
  notes: { at: string; operator: string; text: string }[];
};

export type StatementLine = {
  _id: string;
  statementType: string;
  from: string;
  to: string;
  amount: number;
  status: string;
  createdAt: string;
  description: string | null;
};

export type Withdrawal = {
  id?: string;
  _id?: string;
  memberId: string;
  phone: string;
  name: string;
  bankCode?: string;
  bankAccountNo?: string;
  bankAccountName?: string;
  amount: number;
  status: string;
  createdAt: string;
  reason?: string;
  decidedAt?: string | null;
  decidedBy?: string;
  approvals?: number;
  approvedBy?: string[];
};

/** withdrawalId reads the id whichever name the server gives it. */
export const withdrawalId = (w: Withdrawal) => (w.id ?? w._id ?? '') as string;

export type Adjustment = {
  id: string;
  memberId: string;
  phone: string;
  amount: number;
  reason: string;
  operator: string;
  createdAt: string;
};

/**
 * missing is there for the member-facing texts only, which are kept per language ({th, la, en}):
 * the languages without a translation (members reading them get the Thai text).
 */
export type Setting = { name: string; value: unknown; editableBy: Role[]; missing?: string[] };

/** OperatorBank is one bank of GET /api/operator/banks (inactive ones included). */
export type OperatorBank = { code: string; nameTH: string; nameEN: string; englishOnly: boolean; active: boolean; sort: number };

export type Game = {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: string;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
  active: boolean;
  sort: number;
};

export type Transfer = {
  id: string;
  memberId: string;
  game: string;
  direction: string;
  amount: number;
  state: string;
  createdAt: string;
  ageSeconds: number;
  attempts: number;
};

export type ReportDay = {
  day: string;
  deposits: CountAmount;
  withdrawals: CountAmount;
  adjustments: CountAmount;
  promotionExpense: number;
  gameNet: number;
  members: number;
};

export type AuditEntry = {
  at: string;
  operator: string;
  role: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
  requestId?: string;
};

export type OperatorRow = {
  username: string;
  role: Role;
  disabled: boolean;
  enrolled?: boolean;
  createdAt: string;
  lastLoginAt?: string | null;
};

export type Credentials = { username?: string; role?: Role; password: string; totpSecret: string; totpUri: string };

/** A change that waits for a second owner (GET /api/operator/changes): the summary never holds a secret. */
export type PendingChange = {
  id: string;
  kind: 'setting' | 'qrprovider' | 'operator.create' | 'operator.update' | 'operator.reset';
  target: string;
  summary: Record<string, unknown>;
  proposedBy: string;
  proposedAt: string;
  status: 'PENDING' | 'APPLIED' | 'REJECTED' | 'STALE';
  decidedBy?: string;
  decidedAt?: string;
};

/** The 202 answer of a change one owner proposed. */
export type Proposal = { message: 'SECOND_APPROVAL_REQUIRED'; change: PendingChange };

export function isProposal(answer: unknown): answer is Proposal {
  return !!answer && typeof answer === 'object' && (answer as { message?: unknown }).message === 'SECOND_APPROVAL_REQUIRED' && 'change' in answer;
}
