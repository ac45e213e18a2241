import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { quickReplies, waitedMinutes } from '../api/chat';
import ChatPage from './chat';

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) {
    FakeWebSocket.all.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  send() {}
  close() {}
}

const room = 'ngern-abc';
const conversation = {
  room,
  memberId: 'abc',
  name: 'Somchai',
  phone: '0811111111',
  status: 'open',
  assignedTo: '',
  waitingSince: '2026-11-22T02:00:00Z',
  lastMessageAt: '2026-11-22T02:00:00Z',
  unread: 2,
  last: { message_type: 'text', payload: { message: 'my deposit is missing' } },
  customerReadAt: '2026-11-22T02:00:00Z',
};
const message = (id: string, text: string, sender = 'customer') => ({
  _id: id,
  room,
  sender,
  message: { message_type: 'text', payload: { message: text } },
  createdAt: '2026-11-22T02:00:00Z',
});

describe('support chat page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
    FakeWebSocket.all = [];
    (global as any).WebSocket = FakeWebSocket;
  });

  it('lists conversations with unread counts, replies with the issue body, and shows live messages', async () => {
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'sue', role: 'support' } },
      'GET /api/operator/chat/conversations?status=open': { body: { conversations: [conversation] } },
      'POST /api/operator/chat/ticket': { body: { ticket: 'T' } },
      [`GET /api/operator/chat/${room}/messages?limit=50&skip=0`]: { body: { conversation, messages: [message('m1', 'my deposit is missing')] } },
      [`POST /api/operator/chat/${room}/messages`]: { status: 201, body: message('m2', 'checking', 'agent') },
      [`POST /api/operator/chat/${room}/assign`]: { body: { ...conversation, assignedTo: 'sue' } },
    });
    renderWithProviders(<ChatPage />);
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(screen.getByText('my deposit is missing')).toBeTruthy(); // the preview
    fireEvent.press(screen.getByRole('button', { name: 'Somchai 0811111111' }));
    expect(await screen.findByText('Customer · 22/11/2026 09:00:00')).toBeTruthy();
    expect(screen.getAllByText('my deposit is missing')).toHaveLength(2);
    fireEvent.press(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/assign'))).toBe(true));

    fireEvent.changeText(screen.getByLabelText('Reply'), 'checking');
    fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/operator/chat/${room}/messages`)).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === `/api/operator/chat/${room}/messages`)!;
    expect(sent.body).toEqual({ message: { message_type: 'text', payload: { message: 'checking' } } });

    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    expect(FakeWebSocket.all[0].url).toContain('/api/chat/ws?ticket=T');
    await act(async () => FakeWebSocket.all[0].onmessage?.({ data: JSON.stringify({ type: 'messaging', data: message('m3', 'it was 500 baht') }) }));
    expect(await screen.findByText('it was 500 baht')).toBeTruthy();
  });

  it('builds quick replies that come back as postbacks, and counts waiting minutes', () => {
    expect(quickReplies('Which?', ' Deposit , Withdraw,')).toEqual({
      message_type: 'quick_replies',
      payload: {
        message: 'Which?',
        quick_replies: [
          { title: 'Deposit', type: 'postback', payload: 'Deposit' },
          { title: 'Withdraw', type: 'postback', payload: 'Withdraw' },
        ],
      },
    });
    expect(waitedMinutes(conversation as never, new Date('2026-11-22T02:05:30Z'))).toBe(5);
    expect(waitedMinutes({ ...conversation, waitingSince: null } as never)).toBe(0);
  });
});
