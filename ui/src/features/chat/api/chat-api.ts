// The chat calls (spec part 7, chat; docs/api.md, support chat). A member is known by the
// bearer token the API client sends; a guest by its token in the X-Guest-Token header.
import { ApiError, api, clientHeader } from '@/lib/api';
import { apiBaseUrl } from '@/lib/config';
import { getToken, readItem, removeItem, storageKeys, writeItem } from '@/lib/storage';

import type { ChatContent, ChatItem } from '../lib/chat-rules';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type Guest = Schemas['ChatGuest'];

/** storedGuest reads the guest identity kept under the spec's guest-id key. */
export function storedGuest(): Guest | null {
  const raw = readItem(storageKeys.guestId);
  if (!raw) return null;
  try {
    const g = JSON.parse(raw) as Partial<Guest>;
    return typeof g.guestId === 'string' && typeof g.guestToken === 'string' ? { guestId: g.guestId, guestToken: g.guestToken } : null;
  } catch {
    return null;
  }
}

export function forgetGuest(): void {
  removeItem(storageKeys.guestId);
}

/** ensureGuest returns the stored guest, or makes and stores a new one. */
export async function ensureGuest(): Promise<Guest> {
  const have = storedGuest();
  if (have) return have;
  const g = await api.post<Guest>('/api/chat/guest');
  writeItem(storageKeys.guestId, JSON.stringify(g));
  return g;
}

/** Identity is who chats: a member (token) or a guest. */
export type Identity = { kind: 'member' } | { kind: 'guest'; guest: Guest };

export function identityHeaders(id: Identity): Record<string, string> {
  return id.kind === 'guest' ? { 'X-Guest-Token': id.guest.guestToken } : {};
}

/** resolveIdentity: a logged-in member chats as itself; anyone else as the stored (or a new) guest. */
export async function resolveIdentity(): Promise<Identity> {
  if (getToken()) return { kind: 'member' };
  return { kind: 'guest', guest: await ensureGuest() };
}

export type Ticket = Schemas['ChatTicket'];

/**
 * getTicket asks for a websocket ticket. A member who still holds a guest identity sends its
 * token once so that the guest conversation is attached, then forgets it.
 */
export async function getTicket(id: Identity): Promise<Ticket> {
  const headers = identityHeaders(id);
  const leftover = id.kind === 'member' ? storedGuest() : null;
  if (leftover) headers['X-Guest-Token'] = leftover.guestToken;
  const t = await api.post<Ticket>('/api/chat/ticket', undefined, { headers });
  if (leftover) forgetGuest();
  return t;
}

export function getChatConfig() {
  return api.get<{ PREFIX: string }>('/api/chat/config');
}

export function sendMessage(id: Identity, content: ChatContent) {
  return api.post<{ createdAt: string; _id: string }>(
    '/api/chat/send-message',
    { message: content, ...(id.kind === 'guest' ? { guestId: id.guest.guestId } : {}) },
    { headers: identityHeaders(id) },
  );
}

export function fetchHistory(id: Identity, limit: number, skip: number) {
  return api.post<ChatItem[]>(
    '/api/chat/history',
    { ...(id.kind === 'guest' ? { guestId: id.guest.guestId } : {}), limit, skip },
    { headers: identityHeaders(id) },
  );
}

export function markRead(id: Identity) {
  return api.put<{ message: string }>('/api/chat/read-customer/', id.kind === 'guest' ? { guestId: id.guest.guestId } : {}, {
    headers: identityHeaders(id),
  });
}

/** uploadMedia sends a file (a web File or a native { uri, name, type }) and returns its path. */
export function uploadMedia(id: Identity, kind: 'image' | 'video', file: Blob | { uri: string; name: string; type: string }, name: string) {
  const form = new FormData();
  form.append('file', file as Blob, name);
  return api.post<{ path: string }>(`/api/chat/upload-${kind}`, form, { upload: true, headers: identityHeaders(id) });
}

/** socketUrl is the websocket address of a ticket on this server. */
export function socketUrl(ticket: string): string {
  let base = apiBaseUrl;
  if (!base && typeof window !== 'undefined' && window.location) base = window.location.origin;
  return `${base.replace(/^http/, 'ws')}/api/chat/ws?ticket=${encodeURIComponent(ticket)}`;
}

/** isGuestGone reports an error that means the stored guest is no longer valid. */
export function isGuestGone(err: unknown): boolean {
  return err instanceof ApiError && err.is('GUEST_TOKEN_INVALID');
}

/** mediaHeaders are the headers that fetch a room's media file (it is not public). */
export function mediaHeaders(id: Identity): Record<string, string> {
  const token = getToken();
  return {
    [clientHeader.name]: clientHeader.value,
    ...(id.kind === 'member' && token ? { Authorization: `Bearer ${token}` } : identityHeaders(id)),
  };
}

/** mediaUrl is the absolute address of a media path. */
export function mediaUrl(path: string): string {
  return `${apiBaseUrl}${path}`;
}
