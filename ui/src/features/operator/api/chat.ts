// The console's support-chat calls and socket (docs/api.md, operator API, support chat).
import { useQuery } from '@tanstack/react-query';

import { apiBaseUrl } from '@/lib/config';
import { getOperatorToken } from '@/lib/operator-token';

import { opApi, opKey, qs } from './client';

export type ChatPayload = {
  message?: string;
  buttons?: { title: string; type?: string; payload?: string }[];
  quick_replies?: { title: string; type?: string; payload?: string }[];
  cards?: { image_url?: string; title: string; subtitle?: string; buttons?: { title: string; type?: string; payload?: string }[] }[];
  url?: string;
  fileType?: string;
  filePath?: string;
  name?: string;
  title?: string;
  payload?: string;
};

export type ChatMessage = {
  _id: string;
  room: string;
  sender: 'customer' | 'agent' | 'system' | string;
  message: { message_type: string; payload: ChatPayload };
  createdAt: string;
  operator?: string;
  /** The spec's conversation item fields: the member's login session and device, phone and name. */
  session_id?: string;
  username?: string;
  name?: string;
  deviceToken?: string;
};

export type ChatButton = { title: string; type?: string; payload?: string };
export type ChatCard = { image_url?: string; title: string; subtitle?: string; buttons?: ChatButton[] };

export type Conversation = {
  room: string;
  memberId?: string;
  guestId?: string;
  name?: string;
  phone?: string;
  status: 'open' | 'closed';
  assignedTo: string;
  waitingSince: string | null;
  lastMessageAt: string;
  unread?: number;
  /** last is the newest message (inbox only). */
  last?: ChatMessage['message'];
  customerReadAt?: string | null;
};

/** chatKey roots the chat queries: all (after a reply, an assignment, a close), the inbox, a room's messages. */
export const chatKey = {
  all: [...opKey, 'chat'] as const,
  inbox: [...opKey, 'chat', 'inbox'] as const,
  inboxOf: (status: string, mine: boolean) => [...opKey, 'chat', 'inbox', status, mine] as const,
  messages: (room: string) => [...opKey, 'chat', 'messages', room] as const,
  canned: (lang: string) => [...opKey, 'chat', 'canned', lang] as const,
};

/** inboxRefreshMs is how often the inbox is read again besides the socket's news. */
const inboxRefreshMs = 60_000;

export function fetchInbox(status: string, mine: boolean) {
  return opApi.get<{ conversations: Conversation[] }>(`/api/operator/chat/conversations${qs({ status, mine: mine ? 1 : undefined })}`);
}

export function useInbox(status: string, mine: boolean) {
  return useQuery({ queryKey: chatKey.inboxOf(status, mine), queryFn: () => fetchInbox(status, mine), refetchInterval: inboxRefreshMs });
}

export type MessagesPage = { conversation: Conversation; messages: ChatMessage[]; more: boolean };

/** fetchMessages reads the newest page of a room, or with before the page older than that message. */
export function fetchMessages(room: string, before?: string, limit = 50) {
  return opApi.get<MessagesPage>(`/api/operator/chat/${encodeURIComponent(room)}/messages${qs({ limit, before })}`);
}

/** useMessages reads the newest page of the open room. */
export function useMessages(room: string | null) {
  return useQuery({ queryKey: chatKey.messages(room ?? ''), queryFn: () => fetchMessages(room!), enabled: !!room });
}

/** Canned is an operators' canned reply of one console language. */
export type Canned = {
  id: string;
  lang: 'th' | 'la' | 'en';
  title: string;
  body: string;
  position: number;
  updatedBy: string;
  updatedAt: string;
};
export type CannedInput = Pick<Canned, 'lang' | 'title' | 'body'> & { position?: number };

export function fetchCanned(lang: string) {
  return opApi.get<{ canned: Canned[] }>(`/api/operator/chat/canned${qs({ lang })}`);
}

/** useCanned reads the canned replies of one language. */
export function useCanned(lang: string) {
  return useQuery({ queryKey: chatKey.canned(lang), queryFn: () => fetchCanned(lang) });
}

export function createCanned(c: CannedInput) {
  return opApi.post<Canned>('/api/operator/chat/canned', c);
}

export function updateCanned(id: string, c: CannedInput) {
  return opApi.put<Canned>(`/api/operator/chat/canned/${encodeURIComponent(id)}`, c);
}

export function deleteCanned(id: string) {
  return opApi.delete<{ message: string }>(`/api/operator/chat/canned/${encodeURIComponent(id)}`);
}

export function reply(room: string, message: ChatMessage['message']) {
  return opApi.post<ChatMessage>(`/api/operator/chat/${encodeURIComponent(room)}/messages`, { message });
}

export function assign(room: string) {
  return opApi.post<Conversation>(`/api/operator/chat/${encodeURIComponent(room)}/assign`);
}

export function closeConversation(room: string) {
  return opApi.post<Conversation>(`/api/operator/chat/${encodeURIComponent(room)}/close`);
}

export function uploadReply(room: string, kind: 'image' | 'video', file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return opApi.post<{ path: string }>(`/api/operator/chat/${encodeURIComponent(room)}/upload-${kind}`, form, { upload: true });
}

export function chatTicket() {
  return opApi.post<{ ticket: string }>('/api/operator/chat/ticket');
}

export function socketUrl(ticket: string): string {
  let base = apiBaseUrl;
  if (!base && typeof window !== 'undefined' && window.location) base = window.location.origin;
  return `${base.replace(/^http/, 'ws')}/api/chat/ws?ticket=${encodeURIComponent(ticket)}`;
}

/** fetchMediaBlob reads a chat file with the operator token (media is not public). */
export async function fetchMediaBlob(path: string): Promise<Blob> {
  const token = getOperatorToken();
  const res = await fetch(`${apiBaseUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(String(res.status));
  return res.blob();
}

/** waitedMinutes is how long a customer has waited, in whole minutes (0 when not waiting). */
export function waitedMinutes(c: Conversation, now: Date = new Date()): number {
  if (!c.waitingSince) return 0;
  return Math.max(0, Math.floor((now.getTime() - new Date(c.waitingSince).getTime()) / 60_000));
}

/** quickReplies turns "Yes, No" into a quick-replies message whose taps come back as postbacks. */
export function quickReplies(message: string, options: string): ChatMessage['message'] {
  const titles = options
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 10);
  return {
    message_type: 'quick_replies',
    payload: { message, quick_replies: titles.map((title) => ({ title, type: 'postback', payload: title })) },
  };
}

/** cleanButtons drops rows without a title and the payload of a plain button. */
export function cleanButtons(list: ChatButton[]): ChatButton[] {
  return list
    .map((b) => ({ title: b.title.trim(), type: b.type || undefined, payload: b.payload?.trim() || undefined }))
    .filter((b) => b.title)
    .map((b) => (b.type ? b : { title: b.title }));
}

/** buttonsMessage is a text with buttons (each web, call, postback or plain). */
export function buttonsMessage(message: string, buttons: ChatButton[]): ChatMessage['message'] {
  return { message_type: 'buttons', payload: { message: message.trim(), buttons: cleanButtons(buttons) } };
}

/** cardsMessage is a generic message: cards with an optional image, subtitle and buttons. */
export function cardsMessage(cards: ChatCard[]): ChatMessage['message'] {
  return {
    message_type: 'generic',
    payload: {
      cards: cards
        .filter((c) => c.title.trim())
        .map((c) => {
          const card: ChatCard = { title: c.title.trim() };
          if (c.subtitle?.trim()) card.subtitle = c.subtitle.trim();
          if (c.image_url?.trim()) card.image_url = c.image_url.trim();
          const buttons = cleanButtons(c.buttons ?? []);
          if (buttons.length) card.buttons = buttons;
          return card;
        }),
    },
  };
}
