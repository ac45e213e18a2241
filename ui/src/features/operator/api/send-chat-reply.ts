import { useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { chatKey } from './get-chat-inbox';
import type { ChatMessage } from './types';

/** reply sends the operator's message to a room. */
export function reply(room: string, message: ChatMessage['message']) {
  return opApi.post<ChatMessage>(`/api/operator/chat/${encodeURIComponent(room)}/messages`, { message });
}

/** useRefreshChat reads every chat query again: after a reply, an assignment, a close or an attachment. */
export function useRefreshChat() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: chatKey.all });
}
