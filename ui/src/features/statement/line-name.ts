// How a statement line is named, for the member's statement and the console's view of it: its source
// ("Adjustment by staff", "Lucky draw") and a deposit's method ("QR payment"), in the statement's
// texts, never the ledger journal's English memo.
import { sourceKey } from './account-name';
import { withdrawalNs } from './i18n';

/** depositMethods are the deposit methods the server names (StatementItem.method), each translated under method. */
const depositMethods = ['slip', 'gift', 'qr', 'bank_transfer'] as const;

export type DepositMethodName = (typeof depositMethods)[number];

/** depositMethodOf is a line's deposit method when the app names it, else null. */
export function depositMethodOf(method: string | null | undefined): DepositMethodName | null {
  return method && (depositMethods as readonly string[]).includes(method) ? (method as DepositMethodName) : null;
}

/** A t of any namespace: the keys below name theirs. */
type T = (key: string, options?: { defaultValue?: string }) => string;

/** statementSourceName is a line's source in t's language, the raw source when there is no text for it. */
export function statementSourceName(source: string, t: T): string {
  return t(`translation:${sourceKey(source)}`, { defaultValue: source });
}

/** depositMethodName is a deposit method in t's language. */
export function depositMethodName(method: DepositMethodName, t: T): string {
  return t(`${withdrawalNs}:method.${method}`);
}
