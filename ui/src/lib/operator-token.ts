// The operator console's token, kept apart from the member token: in the browser's session
// storage (gone when the tab closes), in memory elsewhere. Member code never reads it.
import { createNotifier } from './storage-keys';

/** operatorTokenKey is the session storage key of the operator token. */
export const operatorTokenKey = 'operator-token';

const events = createNotifier();
let memoryToken: string | null = null;

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
  const s = session();
  if (s) s.setItem(operatorTokenKey, token);
  else memoryToken = token;
  events.notify();
}

export function clearOperatorToken(): void {
  session()?.removeItem(operatorTokenKey);
  memoryToken = null;
  events.notify();
}

export const subscribeOperatorToken = events.subscribe;
