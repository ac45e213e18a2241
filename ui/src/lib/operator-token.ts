// The operator console's token, kept apart from the member token: in the browser's session
// storage (gone when the tab closes), in memory elsewhere. Member code never reads it.
import { createNotifier } from './storage-keys';

/** operatorTokenKey is the session storage key of the operator token. */
export const operatorTokenKey = 'operator-token';

const events = createNotifier();
let memoryToken: string | null = null;
let ended = false;

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.sessionStorage ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function getOperatorToken(): string | null {
  const s = session();
  return s ? s.getItem(operatorTokenKey) : memoryToken;
}

export function setOperatorToken(token: string): void {
  ended = false;
  const s = session();
  if (s) s.setItem(operatorTokenKey, token);
  else memoryToken = token;
  events.notify();
}

/** clearOperatorToken forgets the token; expired tells the sign-in that the server ended it. */
export function clearOperatorToken(expired = false): void {
  const had = getOperatorToken() !== null;
  session()?.removeItem(operatorTokenKey);
  memoryToken = null;
  ended = expired && had;
  events.notify();
}

/** sessionEnded is true once after the server ended a console session (idle, 12 h, revoked). */
export function sessionEnded(): boolean {
  return ended;
}

export const subscribeOperatorToken = events.subscribe;
