// ChatConnection keeps one websocket to the caller's room: ticket, connect, join; while it is
// not joined it tries again every 5 s (spec part 4, chat).
import { chatLimits, type ChatItem } from './chat-rules';

export type ConnectionState = 'connecting' | 'joined' | 'disconnected';

type SocketLike = {
  onopen: ((ev: never) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: never) => void) | null;
  onerror: ((ev: never) => void) | null;
  send(data: string): void;
  close(): void;
};

export type ConnectionDeps = {
  /** ticket returns a fresh ticket and the room to join. */
  ticket: () => Promise<{ ticket: string; room: string }>;
  /** open opens a websocket for a ticket. */
  open: (ticket: string) => SocketLike;
  onItem: (item: ChatItem) => void;
  onState: (state: ConnectionState) => void;
  /** onJoined is told after each (re)join, so that the widget re-reads what it may have missed. */
  onJoined?: () => void;
  /** onBalances is told when the member's home changed on the server ({"type":"balances"}, docs/api.md "Websocket"). */
  onBalances?: () => void;
  /** onFailure is told when a ticket could not be had (e.g. 'Cannot start chatting'). */
  onFailure?: (err: unknown) => void;
  rejoinEveryMs?: number;
};

export class ChatConnection {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private state: ConnectionState = 'disconnected';
  private busy = false;
  private stopped = false;

  constructor(private readonly deps: ConnectionDeps) {}

  /** start connects now and keeps checking every 5 s. */
  start(): void {
    this.stopped = false;
    void this.connect();
    this.timer = setInterval(() => {
      if (this.state === 'disconnected') void this.connect();
    }, this.deps.rejoinEveryMs ?? chatLimits.rejoinEveryMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    s?.close();
  }

  private setState(s: ConnectionState) {
    this.state = s;
    this.deps.onState(s);
  }

  private async connect(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    this.setState('connecting');
    let t: { ticket: string; room: string };
    try {
      t = await this.deps.ticket();
    } catch (err) {
      this.busy = false;
      this.setState('disconnected');
      this.deps.onFailure?.(err);
      return;
    }
    if (this.stopped) {
      this.busy = false;
      return;
    }
    const socket = this.deps.open(t.ticket);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'join', room: t.room }));
    socket.onmessage = (ev) => {
      let frame: { type?: string; data?: unknown };
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (frame.type === 'joined') {
        this.busy = false;
        this.setState('joined');
        this.deps.onJoined?.();
      } else if (frame.type === 'messaging' && frame.data && typeof frame.data === 'object') {
        this.deps.onItem(frame.data as ChatItem);
      } else if (frame.type === 'balances') {
        this.deps.onBalances?.();
      }
    };
    const down = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.busy = false;
      if (!this.stopped) this.setState('disconnected');
    };
    socket.onclose = down;
    socket.onerror = down;
  }
}
