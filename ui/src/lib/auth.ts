import { useSyncExternalStore } from 'react';

import { getToken, isStorageReady, subscribeToken } from './storage';

/** useToken re-renders when the stored token changes; access is decided by its presence. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}

/** useStorageReady is false on native until secure storage has been read. */
export function useStorageReady(): boolean {
  return useSyncExternalStore(subscribeToken, isStorageReady, isStorageReady);
}
