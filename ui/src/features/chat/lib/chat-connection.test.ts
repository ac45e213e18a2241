import { ChatConnection, type ConnectionState } from './chat-connection';

class FakeSocket {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: string[] = [];
  closed = false;
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
  }
  frame(v: unknown) {
    this.onmessage?.({ data: JSON.stringify(v) });
  }
}

const flush = () => new Promise((r) => setImmediate(r));

describe('ChatConnection', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('joins its room, passes messaging events, and rejoins every 5 s after a drop', async () => {
    const sockets: FakeSocket[] = [];
    const states: ConnectionState[] = [];
    const items: unknown[] = [];
    let tickets = 0;
    const c = new ChatConnection({
      ticket: async () => ({ ticket: `t${++tickets}`, room: 'ngern-abc' }),
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      onItem: (i) => items.push(i),
      onState: (s) => states.push(s),
    });
    c.start();
    await flush();
    sockets[0].onopen?.({});
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'join', room: 'ngern-abc' });
    sockets[0].frame({ type: 'joined', data: { room: 'ngern-abc' } });
    sockets[0].frame({ type: 'messaging', data: { _id: 'm1', sender: 'agent' } });
    expect(items).toEqual([{ _id: 'm1', sender: 'agent' }]);

    sockets[0].onclose?.({});
    expect(states.at(-1)).toBe('disconnected');
    jest.advanceTimersByTime(4999);
    await flush();
    expect(sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(sockets).toHaveLength(2);
    expect(tickets).toBe(2); // a ticket is used once: a rejoin asks for a new one
    c.stop();
    expect(sockets[1].closed).toBe(true);
  });

  it('reports a failure to get a ticket and tries again later', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const c = new ChatConnection({
      ticket: async () => {
        calls++;
        throw new Error('down');
      },
      open: () => new FakeSocket(),
      onItem: () => undefined,
      onState: () => undefined,
      onFailure: (e) => failures.push(e),
    });
    c.start();
    await flush();
    expect(failures).toHaveLength(1);
    jest.advanceTimersByTime(5000);
    await flush();
    expect(calls).toBe(2);
    c.stop();
  });

  it('tells of a balances frame, and only of it', async () => {
    let told = 0;
    const items: unknown[] = [];
    const socket = new FakeSocket();
    const c = new ChatConnection({
      ticket: async () => ({ ticket: 't1', room: 'ngern-m1' }),
      open: () => socket,
      onItem: (i) => items.push(i),
      onState: () => undefined,
      onBalances: () => told++,
    });
    c.start();
    await flush();
    socket.frame({ type: 'balances' }); // sent from the opening, before the join
    socket.frame({ type: 'joined', data: { room: 'ngern-m1' } });
    socket.frame({ type: 'pong' });
    socket.frame({ type: 'balances' });
    expect(told).toBe(2);
    expect(items).toEqual([]);
    c.stop();
  });
});
