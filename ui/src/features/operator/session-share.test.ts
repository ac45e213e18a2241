import { askWaitMs, shareSession, type Channel, type TokenStore } from './session-share';

// A BroadcastChannel between tabs: a message reaches every other channel of the hub, not its sender.
function hub() {
  const channels = new Set<Channel>();
  const sent: unknown[] = [];
  return {
    sent,
    channel(): Channel {
      const c: Channel = {
        onmessage: null,
        postMessage(message) {
          sent.push(message);
          channels.forEach((other) => other !== c && other.onmessage?.({ data: JSON.parse(JSON.stringify(message)) }));
        },
        close() {
          channels.delete(c);
        },
      };
      channels.add(c);
      return c;
    },
  };
}

// One tab's token, as lib/operator-token keeps it.
function tab(token: string | null = null): TokenStore & { token: () => string | null } {
  let value = token;
  let ended = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    token: () => value,
    get: () => value,
    set(t) {
      value = t;
      ended = false;
      notify();
    },
    clear(expired) {
      ended = expired && value !== null;
      value = null;
      notify();
    },
    ended: () => ended,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

describe('console tabs share the sign-in', () => {
  afterEach(() => jest.useRealTimers());

  it('a new tab asks and takes the token of a signed-in tab', async () => {
    const h = hub();
    const a = tab('OPT');
    const b = tab();
    shareSession(h.channel(), a);
    const share = shareSession(h.channel(), b);
    await share.ask();
    expect(b.token()).toBe('OPT');
    expect(h.sent).toEqual([{ type: 'ask' }, { type: 'token', token: 'OPT' }]);
  });

  it('a new tab with nobody signed in shows the sign-in after the wait', async () => {
    jest.useFakeTimers();
    const h = hub();
    const b = tab();
    shareSession(h.channel(), tab());
    let done = false;
    const asked = shareSession(h.channel(), b)
      .ask()
      .then(() => (done = true));
    jest.advanceTimersByTime(askWaitMs - 1);
    await Promise.resolve();
    expect(done).toBe(false);
    jest.advanceTimersByTime(1);
    await asked;
    expect(b.token()).toBeNull();
  });

  it('a tab that has a token does not ask', async () => {
    const h = hub();
    await shareSession(h.channel(), tab('MINE')).ask();
    expect(h.sent).toEqual([]);
  });

  it('a sign-in in one tab signs in the tabs showing the sign-in', () => {
    const h = hub();
    const a = tab();
    const b = tab();
    shareSession(h.channel(), a);
    shareSession(h.channel(), b);
    a.set('NEW');
    expect(b.token()).toBe('NEW');
    // b took it from a: it does not send it back.
    expect(h.sent).toEqual([{ type: 'token', token: 'NEW' }]);
  });

  it('a tab signed in keeps its own token when another one is announced', () => {
    const h = hub();
    const a = tab('ALICE');
    shareSession(h.channel(), a);
    const other = h.channel();
    other.postMessage({ type: 'token', token: 'BOB' });
    expect(a.token()).toBe('ALICE');
  });

  it('a sign-out in one tab signs every tab out and forgets their answers', () => {
    const h = hub();
    const a = tab('OPT');
    const b = tab('OPT');
    const c = tab('OPT');
    shareSession(h.channel(), a);
    const forget = jest.fn();
    shareSession(h.channel(), b).onSignedOutElsewhere(forget);
    shareSession(h.channel(), c);
    a.clear(false);
    expect([a.token(), b.token(), c.token()]).toEqual([null, null, null]);
    expect(b.ended()).toBe(false);
    expect(forget).toHaveBeenCalledTimes(1);
    expect(h.sent).toEqual([{ type: 'signed-out', expired: false }]);
  });

  it('a session the server ended ends in every tab, which say so', () => {
    const h = hub();
    const a = tab('OPT');
    const b = tab('OPT');
    shareSession(h.channel(), a);
    shareSession(h.channel(), b);
    a.clear(true);
    expect(b.token()).toBeNull();
    expect(b.ended()).toBe(true);
  });

  it('ignores what is not one of its messages', () => {
    const h = hub();
    const a = tab('OPT');
    shareSession(h.channel(), a);
    const other = h.channel();
    const junk = [null, 'ask', { type: 'token' }, { type: 'token', token: '' }, { type: 'other' }];
    for (const data of junk) (other as unknown as { postMessage: (m: unknown) => void }).postMessage(data);
    expect(a.token()).toBe('OPT');
    expect(h.sent).toEqual(junk); // nothing answered
  });

  it('stops: no more answers once the tab closed its channel', () => {
    const h = hub();
    shareSession(h.channel(), tab('OPT')).stop();
    const b = tab();
    const other = h.channel();
    shareSession(other, b);
    other.postMessage({ type: 'ask' });
    expect(h.sent).toEqual([{ type: 'ask' }]);
  });
});
