import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import { StyleSheet } from 'react-native';

import i18n from '@/i18n';
import { fontFamily } from '@/lib/fonts';
import { walletQueryKey } from '@/lib/query-keys';
import { clearToken, readItem, removeItem, setToken, storageKeys, writeItem } from '@/lib/storage';
import { mockApi, renderWithProviders } from '@/testing/render';

import ChatPanel from './chat-panel';

// FakeWebSocket stands in for the browser's websocket; tests read what the widget sent and
// push server frames.
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: any[] = [];
  constructor(public url: string) {
    FakeWebSocket.all.push(this);
    setTimeout(() => this.onopen?.({}), 0);
  }
  send(d: string) {
    const f = JSON.parse(d);
    this.sent.push(f);
    if (f.type === 'join') setTimeout(() => this.frame({ type: 'joined', data: { room: f.room } }), 0);
  }
  close() {}
  frame(v: unknown) {
    this.onmessage?.({ data: JSON.stringify(v) });
  }
}

const agentItem = (id: string, text: string, at: string) => ({
  _id: id,
  room: 'ngern-gabc',
  sender: 'agent',
  message: { message_type: 'text', payload: { message: text } },
  createdAt: at,
  guestId: 'gabc',
});

describe('ChatPanel', () => {
  beforeEach(() => {
    i18n.changeLanguage('en');
    FakeWebSocket.all = [];
    (global as any).WebSocket = FakeWebSocket;
    clearToken();
    removeItem(storageKeys.guestId);
  });

  it('a guest gets an identity kept under guest-id, joins its own room and sees operator messages live', async () => {
    const calls = mockApi({
      'POST /api/chat/guest': { status: 201, body: { guestId: 'gabc', guestToken: 'secret-token' } },
      'POST /api/chat/ticket': { body: { ticket: 't1', room: 'ngern-gabc' } },
      'POST /api/chat/history': { body: [agentItem('m1', 'Welcome', '2026-01-01T00:00:00Z')] },
      'PUT /api/chat/read-customer/': { body: { message: 'SUCCESS' } },
    });
    renderWithProviders(<ChatPanel onClose={() => undefined} />);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(JSON.parse(readItem(storageKeys.guestId)!)).toEqual({ guestId: 'gabc', guestToken: 'secret-token' });
    // The composer is in the bundled font too (Thai and Lao readable without system fonts).
    expect(StyleSheet.flatten(screen.getByLabelText('Type a message').props.style).fontFamily).toBe(fontFamily(i18n.language, false));
    const ticket = calls.find((c) => c.path === '/api/chat/ticket')!;
    expect(ticket.headers['X-Guest-Token']).toBe('secret-token');
    const ws = FakeWebSocket.all[0];
    expect(ws.url).toContain('/api/chat/ws?ticket=t1');
    expect(ws.sent[0]).toEqual({ type: 'join', room: 'ngern-gabc' });
    await act(async () => ws.frame({ type: 'messaging', data: agentItem('m2', 'How can we help?', '2026-01-01T00:01:00Z') }));
    expect(await screen.findByText('How can we help?')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/chat/read-customer/')).toBe(true), { timeout: 3000 });
  });

  it('Enter sends after 500 ms with the server createdAt; Shift+Enter does not send', async () => {
    writeItem(storageKeys.guestId, JSON.stringify({ guestId: 'gabc', guestToken: 'secret-token' }));
    const calls = mockApi({
      'POST /api/chat/ticket': { body: { ticket: 't1', room: 'ngern-gabc' } },
      'POST /api/chat/history': { body: [] },
      'POST /api/chat/send-message': { body: { createdAt: '2026-01-01T03:04:05Z', _id: 'x1' } },
    });
    renderWithProviders(<ChatPanel onClose={() => undefined} />);
    const input = await screen.findByLabelText('Type a message');
    fireEvent.changeText(input, 'line one');
    fireEvent(input, 'keyPress', { nativeEvent: { key: 'Enter', shiftKey: true }, preventDefault: () => undefined });
    expect(screen.queryByText('Sending…')).toBeNull();
    fireEvent(input, 'keyPress', { nativeEvent: { key: 'Enter' }, preventDefault: () => undefined });
    expect(screen.getByText('line one')).toBeTruthy(); // the local echo, at once
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/chat/send-message')).toBe(false);
    await waitFor(() => expect(screen.getByText('01/01/2026 10:04:05')).toBeTruthy());
    const sent = calls.find((c) => c.path === '/api/chat/send-message')!;
    expect(sent.body.message).toEqual({ message_type: 'text', payload: { message: 'line one' } });
  });

  it('a member who chatted as a guest sends the guest token once, to attach that conversation, then forgets it', async () => {
    writeItem(storageKeys.guestId, JSON.stringify({ guestId: 'gabc', guestToken: 'secret-token' }));
    setToken('member-token', false);
    const calls = mockApi({
      'POST /api/chat/ticket': { body: { ticket: 't1', room: 'ngern-m1' } },
      'POST /api/chat/history': { body: [] },
    });
    renderWithProviders(<ChatPanel onClose={() => undefined} />);
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    const ticket = calls.find((c) => c.path === '/api/chat/ticket')!;
    expect(ticket.headers.Authorization).toBe('Bearer member-token');
    expect(ticket.headers['X-Guest-Token']).toBe('secret-token');
    expect(readItem(storageKeys.guestId)).toBeNull();
    expect(calls.some((c) => c.path === '/api/chat/guest')).toBe(false);
  });

  it("says 'Cannot start chatting' when the chat cannot start", async () => {
    setToken('member-token', false);
    mockApi({ 'POST /api/chat/ticket': { status: 503, body: { message: 'SERVICE_UNAVAILABLE' } } });
    renderWithProviders(<ChatPanel onClose={() => undefined} />);
    expect(await screen.findByText('Cannot start chatting')).toBeTruthy();
    expect(readItem(storageKeys.guestId)).toBeNull(); // a member never makes a guest
  });

  it("a balances frame on a member's socket refreshes the wallet (home) without polling", async () => {
    setToken('member-token', false);
    mockApi({
      'POST /api/chat/ticket': { body: { ticket: 't1', room: 'ngern-m1' } },
      'POST /api/chat/history': { body: [] },
    });
    const invalidate = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
    try {
      renderWithProviders(<ChatPanel onClose={() => undefined} />);
      await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
      const walletRefreshed = () => invalidate.mock.calls.some(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(walletQueryKey));
      expect(walletRefreshed()).toBe(false);
      await act(async () => FakeWebSocket.all[0].frame({ type: 'balances' }));
      expect(walletRefreshed()).toBe(true);
    } finally {
      invalidate.mockRestore();
    }
  });
});
