import type { components } from '@/lib/api-schema.generated';
import { useQuery } from '@tanstack/react-query';

import { opApi, qs } from './client';
import { chatKey } from './get-chat-inbox';

/** messagesKey is a room's newest page, under chatKey.all (a reply, an assignment or a close reads it again). */
export const messagesKey = (room: string) => [...chatKey.all, 'messages', room] as const;

export type MessagesPage = components['schemas']['ConversationPage'];

/** fetchMessages reads the newest page of a room, or with before the page older than that message. */
export function fetchMessages(room: string, before?: string, limit = 50) {
  return opApi.get<MessagesPage>(`/api/operator/chat/${encodeURIComponent(room)}/messages${qs({ limit, before })}`);
}

/** useMessages reads the newest page of the open room. */
export function useMessages(room: string | null) {
  return useQuery({ queryKey: messagesKey(room ?? ''), queryFn: () => fetchMessages(room!), enabled: !!room });
}
