// The console tabs of one browser share the operator's sign-in: a tab opened without a token
// asks the others over a BroadcastChannel (same origin only) and takes the token one of them
// answers; a sign-in in one tab signs in the tabs that show the sign-in; a sign-out, or the
// server ending the session, signs every tab out. The token stays in each tab's session storage
// (lib/operator-token.ts), never in local storage: with the last console tab it is gone, and the
// server's idle and 12 h ends apply to every tab alike, as they hold one session. docs/ui.md,
// "Operator console", says why.
import { Platform } from 'react-native';

import { clearOperatorToken, getOperatorToken, sessionEnded, setOperatorToken, subscribeOperatorToken } from '@/lib/operator-token';

/** sessionChannelName is the BroadcastChannel the console tabs talk on. */
export const sessionChannelName = 'ngern-operator-session';

/** askWaitMs is how long a tab opened without a token waits for another tab's answer. */
export const askWaitMs = 400;

type Message = { type: 'ask' } | { type: 'token'; token: string } | { type: 'signed-out'; expired: boolean };

/** Channel is what the sharing needs of a BroadcastChannel. */
export type Channel = {
  postMessage(message: Message): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
};

/** TokenStore is one tab's operator token (lib/operator-token in the browser). */
export type TokenStore = {
  get(): string | null;
  set(token: string): void;
  clear(expired: boolean): void;
  /** ended is true when the server ended the session (the last clear was an expiry). */
  ended(): boolean;
  subscribe(listener: () => void): () => void;
};

export type SessionShare = {
  /** ask asks the other tabs for their token; it resolves once one came or askWaitMs passed. */
  ask(waitMs?: number): Promise<void>;
  /** onSignedOutElsewhere calls back when another tab signed out (to forget cached answers). */
  onSignedOutElsewhere(listener: () => void): () => void;
  stop(): void;
};

function message(data: unknown): Message | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.type === 'ask') return { type: 'ask' };
  if (m.type === 'token' && typeof m.token === 'string' && m.token) return { type: 'token', token: m.token };
  if (m.type === 'signed-out') return { type: 'signed-out', expired: m.expired === true };
  return null;
}

/**
 * shareSession connects one tab's token store to the channel: it answers the other tabs' asks,
 * tells them of its sign-in and sign-out, and applies theirs. A token is taken only by a tab that
 * has none (a tab never swaps one operator for another under its user's hands).
 */
export function shareSession(channel: Channel, store: TokenStore): SessionShare {
  let last = store.get();
  let applying = false; // a change that came from another tab is not sent back
  const signedOutListeners = new Set<() => void>();
  const arrived = new Set<() => void>();

  const apply = (change: () => void) => {
    applying = true;
    try {
      change();
    } finally {
      applying = false;
    }
  };

  const unsubscribe = store.subscribe(() => {
    const now = store.get();
    if (now === last) return;
    last = now;
    if (applying) return;
    if (now) channel.postMessage({ type: 'token', token: now });
    else channel.postMessage({ type: 'signed-out', expired: store.ended() });
  });

  channel.onmessage = (event) => {
    const m = message(event.data);
    if (!m) return;
    if (m.type === 'ask') {
      const token = store.get();
      if (token) channel.postMessage({ type: 'token', token });
    } else if (m.type === 'token') {
      if (store.get()) return;
      apply(() => store.set(m.token));
      arrived.forEach((done) => done());
    } else if (store.get()) {
      apply(() => store.clear(m.expired));
      signedOutListeners.forEach((l) => l());
    }
  };

  return {
    ask(waitMs = askWaitMs) {
      if (store.get()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          arrived.delete(done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        arrived.add(done);
        channel.postMessage({ type: 'ask' });
      });
    },
    onSignedOutElsewhere(listener) {
      signedOutListeners.add(listener);
      return () => {
        signedOutListeners.delete(listener);
      };
    },
    stop() {
      unsubscribe();
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** browserTokenStore is this tab's operator token. */
export const browserTokenStore: TokenStore = {
  get: getOperatorToken,
  set: setOperatorToken,
  clear: clearOperatorToken,
  ended: sessionEnded,
  subscribe: subscribeOperatorToken,
};

// The console runs only on the web (pre-rendering has no window; the native apps have no console).
let openChannel = (): Channel | null =>
  Platform.OS === 'web' && typeof window !== 'undefined' && typeof window.BroadcastChannel === 'function'
    ? (new window.BroadcastChannel(sessionChannelName) as unknown as Channel)
    : null;
let shared: SessionShare | null | undefined;

/**
 * tabSession is this tab's sharing, started the first time the console asks for it; null where
 * there is no BroadcastChannel (old browsers: each tab then signs in by itself).
 */
export function tabSession(): SessionShare | null {
  if (shared !== undefined) return shared;
  const channel = openChannel();
  shared = channel ? shareSession(channel, browserTokenStore) : null;
  return shared;
}

/** setTabChannel stops this tab's sharing and opens the next one's channels with open (tests). */
export function setTabChannel(open: () => Channel | null): void {
  shared?.stop();
  shared = undefined;
  openChannel = open;
}
