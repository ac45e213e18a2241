// Web storage: localStorage for persistent values, sessionStorage for a session-only token.
import { createNotifier, localeCookieName, storageKeys, type StorageKey } from './storage-keys';

export { storageKeys, type StorageKey } from './storage-keys';

const tokenEvents = createNotifier();

function local(): Storage | null {
  return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
}

function session(): Storage | null {
  return typeof window !== 'undefined' && window.sessionStorage ? window.sessionStorage : null;
}

/** storageReady resolves when stored values can be read synchronously (at once on web). */
export const storageReady: Promise<void> = Promise.resolve();

export function isStorageReady(): boolean {
  return true;
}

export function readItem(key: StorageKey): string | null {
  return local()?.getItem(key) ?? null;
}

export function writeItem(key: StorageKey, value: string): void {
  local()?.setItem(key, value);
}

export function removeItem(key: StorageKey): void {
  local()?.removeItem(key);
}

export function getToken(): string | null {
  return session()?.getItem(storageKeys.token) ?? local()?.getItem(storageKeys.token) ?? null;
}

/** setToken keeps the token persistently when remember is true, otherwise for this session only. */
export function setToken(token: string, remember: boolean): void {
  if (remember) {
    session()?.removeItem(storageKeys.token);
    local()?.setItem(storageKeys.token, token);
  } else {
    local()?.removeItem(storageKeys.token);
    session()?.setItem(storageKeys.token, token);
  }
  tokenEvents.notify();
}

export function clearToken(): void {
  local()?.removeItem(storageKeys.token);
  session()?.removeItem(storageKeys.token);
  tokenEvents.notify();
}

/** clearSession removes the token and every session-only value. */
export function clearSession(): void {
  local()?.removeItem(storageKeys.token);
  session()?.clear();
  tokenEvents.notify();
}

export const subscribeToken = tokenEvents.subscribe;

/** saveLocale stores the locale and mirrors it, upper-cased, in the i18next cookie. */
export function saveLocale(locale: string): void {
  writeItem(storageKeys.locale, locale);
  if (typeof document !== 'undefined') {
    document.cookie = `${localeCookieName}=${locale.toUpperCase()}; path=/; max-age=31536000; SameSite=Lax`;
  }
}
