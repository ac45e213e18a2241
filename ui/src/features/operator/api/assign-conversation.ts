import { opApi } from './client';
import type { Conversation } from './types';

/** assign takes a conversation for the caller; the room's actions read the chat again (useRefreshChat). */
export function assign(room: string) {
  return opApi.post<Conversation>(`/api/operator/chat/${encodeURIComponent(room)}/assign`);
}
