import { opApi } from './client';
import type { Conversation } from './types';

/** closeConversation closes a room; the room's actions read the chat again (useRefreshChat). */
export function closeConversation(room: string) {
  return opApi.post<Conversation>(`/api/operator/chat/${encodeURIComponent(room)}/close`);
}
