/** storageKeys are the only keys the app keeps on the device (spec part 3, local storage). */
export const storageKeys = {
  token: 'token',
  locale: 'locale',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  code: 'code',
  guestId: 'guest-id',
  /** recentGames are the lobby's recently played games (features/games/recent.ts). */
  recentGames: 'recent-games',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** localeCookieName is the web cookie that carries the upper-cased locale. */
export const localeCookieName = 'i18next';

type Listener = () => void;

/** createNotifier keeps the subscribers that re-render when the token changes. */
export function createNotifier() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      listeners.forEach((l) => l());
    },
  };
}
