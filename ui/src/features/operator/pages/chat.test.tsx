import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { buttonsMessage, cardsMessage, quickReplies } from '../components/chat/compose';
import { waitedMinutes } from '../components/chat/message-text';
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
const canned = [
  {
    id: 'c1',
    lang: 'en',
    title: 'Greeting',
    body: 'Hello, how can we help you today?',
    position: 1,
    updatedBy: '',
    updatedAt: '2026-11-22T00:00:00Z',
  },
];
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
      'GET /api/operator/chat/canned?lang=en': { body: { canned } },
      [`GET /api/operator/chat/${room}/messages?limit=50`]: { body: { conversation, messages: [message('m1', 'my deposit is missing')] } },
      [`POST /api/operator/chat/${room}/messages`]: { status: 201, body: message('m2', 'checking', 'agent') },
      [`POST /api/operator/chat/${room}/assign`]: { body: { ...conversation, assignedTo: 'sue' } },
    });
    renderWithProviders(<ChatPage />);
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(screen.getByText('my deposit is missing')).toBeTruthy(); // the preview
    fireEvent.press(screen.getByRole('button', { name: /^Somchai 0811111111/ }));
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
    await act(async () =>
      FakeWebSocket.all[0].onmessage?.({ data: JSON.stringify({ type: 'messaging', data: message('m3', 'it was 500 baht') }) }),
    );
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

  const openRoom = async (extra: Record<string, any> = {}) => {
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'sue', role: 'support' } },
      'GET /api/operator/chat/conversations?status=open': { body: { conversations: [conversation] } },
      'POST /api/operator/chat/ticket': { body: { ticket: 'T' } },
      'GET /api/operator/chat/canned?lang=en': { body: { canned } },
      [`GET /api/operator/chat/${room}/messages?limit=50`]: {
        body: { conversation, messages: [message('m51', 'newest page')], more: true },
      },
      [`POST /api/operator/chat/${room}/messages`]: { status: 201, body: message('m2', 'x', 'agent') },
      ...extra,
    });
    renderWithProviders(<ChatPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Somchai 0811111111' }));
    await screen.findByText('newest page');
    return calls;
  };
  const sentBody = (calls: any[]) =>
    calls.filter((c) => c.method === 'POST' && c.path === `/api/operator/chat/${room}/messages`).map((c) => c.body);

  it('pages back beyond the newest 50 with "Older messages"', async () => {
    await openRoom({
      [`GET /api/operator/chat/${room}/messages?limit=50&before=m51`]: {
        body: { conversation, messages: [message('m1', 'the first message')], more: false },
      },
    });
    fireEvent.press(screen.getByRole('button', { name: 'Older messages' }));
    expect(await screen.findByText('the first message')).toBeTruthy();
    expect(screen.getByText('newest page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older messages' })).toBeNull(); // no more
  });

  it('a canned reply fills the composer; operators add, edit and delete them', async () => {
    const calls = await openRoom({
      'POST /api/operator/chat/canned': { status: 201, body: { ...canned[0], id: 'c2', title: 'Slip' } },
      'PUT /api/operator/chat/canned/c1': { body: canned[0] },
      'DELETE /api/operator/chat/canned/c1': { body: { message: 'SUCCESS' } },
    });
    fireEvent.press(await screen.findByRole('button', { name: 'Greeting' }));
    expect(screen.getByLabelText('Reply').props.value).toBe('Hello, how can we help you today?');

    fireEvent.press(screen.getByRole('button', { name: 'Edit canned replies' }));
    fireEvent.press(screen.getByRole('button', { name: 'Add a canned reply' }));
    fireEvent.changeText(screen.getByLabelText('Title (on the chip)'), 'Slip');
    fireEvent.changeText(screen.getByLabelText('Text of the reply'), 'Please send the slip.');
    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/operator/chat/canned')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/operator/chat/canned')!.body).toEqual({
      lang: 'en',
      title: 'Slip',
      body: 'Please send the slip.',
    });

    fireEvent.press(await screen.findByRole('button', { name: 'Edit Greeting' }));
    fireEvent.changeText(screen.getByLabelText('Text of the reply'), 'Hi!');
    fireEvent.press(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ lang: 'en', title: 'Greeting', body: 'Hi!', position: 1 });

    fireEvent.press(await screen.findByRole('button', { name: 'Delete Greeting' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/operator/chat/canned/c1')).toBe(true));
  });

  it('composes a text with buttons', async () => {
    const calls = await openRoom();
    fireEvent.press(screen.getByRole('button', { name: 'Buttons' }));
    fireEvent.changeText(screen.getByLabelText('Reply'), 'How would you like to deposit?');
    fireEvent.changeText(screen.getByLabelText('Button 1: Button title'), 'QR');
    fireEvent.changeText(screen.getByLabelText('Button 1: What comes back when tapped'), 'DEPOSIT_QR');
    fireEvent.press(screen.getByRole('button', { name: 'Button: Add a button' }));
    fireEvent.changeText(screen.getByLabelText('Button 2: Button title'), 'Guide');
    fireEvent.press(screen.getAllByRole('button', { name: 'Link' })[1]);
    fireEvent.changeText(screen.getByLabelText('Button 2: https:// link'), 'https://ngern.example/how-to');
    fireEvent.press(screen.getByRole('button', { name: 'Button: Add a button' }));
    fireEvent.changeText(screen.getByLabelText('Button 3: Button title'), 'Later');
    fireEvent.press(screen.getAllByRole('button', { name: 'Plain' })[2]);
    fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBody(calls)).toHaveLength(1));
    expect(sentBody(calls)[0]).toEqual({
      message: {
        message_type: 'buttons',
        payload: {
          message: 'How would you like to deposit?',
          buttons: [
            { title: 'QR', type: 'postback', payload: 'DEPOSIT_QR' },
            { title: 'Guide', type: 'web', payload: 'https://ngern.example/how-to' },
            { title: 'Later' },
          ],
        },
      },
    });
    await waitFor(() => expect(screen.getByLabelText('Reply').props.value).toBe('')); // cleared once sent
  });

  it('composes cards with a picture, a subtitle and a button', async () => {
    const calls = await openRoom();
    fireEvent.press(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.changeText(screen.getByLabelText('Card 1: Card title'), 'Welcome bonus');
    fireEvent.changeText(screen.getByLabelText('Card 1: Subtitle (optional)'), '100% on the first deposit');
    fireEvent.changeText(screen.getByLabelText('Card 1: Picture link, https:// (optional)'), 'https://ngern.example/promo.png');
    fireEvent.press(screen.getByRole('button', { name: 'Card 1 Button: Add a button' }));
    fireEvent.changeText(screen.getByLabelText('Card 1 Button 1: Button title'), 'Claim');
    fireEvent.changeText(screen.getByLabelText('Card 1 Button 1: What comes back when tapped'), 'CLAIM');
    fireEvent.press(screen.getByRole('button', { name: 'Add a card' }));
    fireEvent.changeText(screen.getByLabelText('Card 2: Card title'), 'Cashback');
    fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBody(calls)).toHaveLength(1));
    expect(sentBody(calls)[0]).toEqual({
      message: {
        message_type: 'generic',
        payload: {
          cards: [
            {
              title: 'Welcome bonus',
              subtitle: '100% on the first deposit',
              image_url: 'https://ngern.example/promo.png',
              buttons: [{ title: 'Claim', type: 'postback', payload: 'CLAIM' }],
            },
            { title: 'Cashback' },
          ],
        },
      },
    });
  });

  it("shows a refused message's error and keeps the draft", async () => {
    await openRoom({ [`POST /api/operator/chat/${room}/messages`]: { status: 400, body: { message: 'CHAT_MESSAGE_INVALID' } } });
    fireEvent.changeText(screen.getByLabelText('Reply'), 'hello');
    fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(screen.getByLabelText('Reply').props.value).toBe('hello');
  });

  it('builds buttons and cards without empty rows', () => {
    expect(
      buttonsMessage(' Hi ', [
        { title: ' A ', type: 'postback', payload: ' X ' },
        { title: '', type: 'web', payload: 'https://x' },
        { title: 'B', type: '', payload: 'ignored' },
      ]),
    ).toEqual({
      message_type: 'buttons',
      payload: { message: 'Hi', buttons: [{ title: 'A', type: 'postback', payload: 'X' }, { title: 'B' }] },
    });
    expect(cardsMessage([{ title: ' ' }, { title: 'T', subtitle: ' ', image_url: '', buttons: [] }])).toEqual({
      message_type: 'generic',
      payload: { cards: [{ title: 'T' }] },
    });
  });
});
