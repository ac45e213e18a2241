// Native storage: expo-secure-store for persistent values (read once at start into memory),
// memory only for a session-only token.
import * as SecureStore from 'expo-secure-store';

import { createNotifier, storageKeys, type StorageKey } from './storage-keys';

export { storageKeys, type StorageKey } from './storage-keys';

const tokenEvents = createNotifier();
const cache = new Map<StorageKey, string>();
let sessionToken: string | null = null;
let ready = false;
// Keys written or removed before the initial read finished keep their newer value.
const touchedBeforeReady = new Set<StorageKey>();

function persist(key: StorageKey, value: string | null): void {
  if (!ready) touchedBeforeReady.add(key);
  const done = value === null ? SecureStore.deleteItemAsync(key) : SecureStore.setItemAsync(key, value);
  // A failed write leaves the in-memory value; the next start reads what was stored.
  done.catch(() => undefined);
}

/** storageReady resolves once the stored values have been read into memory. */
export const storageReady: Promise<void> = (async () => {
  try {
    await Promise.all(
      Object.values(storageKeys).map(async (key) => {
        const value = await SecureStore.getItemAsync(key);
        if (value != null && !touchedBeforeReady.has(key)) cache.set(key, value);
      }),
    );
  } catch {
    // Secure storage unavailable: start empty.
  } finally {
    ready = true;
    tokenEvents.notify();
  }
})();

export function isStorageReady(): boolean {
  return ready;
}

export function readItem(key: StorageKey): string | null {
  return cache.get(key) ?? null;
}

export function writeItem(key: StorageKey, value: string): void {
  cache.set(key, value);
  persist(key, value);
}

export function removeItem(key: StorageKey): void {
  cache.delete(key);
  persist(key, null);
}

export function getToken(): string | null {
  return sessionToken ?? cache.get(storageKeys.token) ?? null;
}

/** setToken keeps the token in secure storage when remember is true, otherwise in memory only. */
export function setToken(token: string, remember: boolean): void {
  if (remember) {
    sessionToken = null;
    writeItem(storageKeys.token, token);
  } else {
    removeItem(storageKeys.token);
    sessionToken = token;
  }
  tokenEvents.notify();
}

export function clearToken(): void {
  sessionToken = null;
  removeItem(storageKeys.token);
  tokenEvents.notify();
}

/** clearSession removes the token and every session-only value. */
export function clearSession(): void {
  clearToken();
}

export const subscribeToken = tokenEvents.subscribe;

export function saveLocale(locale: string): void {
  writeItem(storageKeys.locale, locale);
}
