import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, qs } from './client';

/** chatKey roots the chat queries: all (after a reply, an assignment, a close) and the inbox. */
export const chatKey = {
  all: [...opKey, 'chat'] as const,
  inbox: [...opKey, 'chat', 'inbox'] as const,
  inboxOf: (status: string, mine: boolean) => [...opKey, 'chat', 'inbox', status, mine] as const,
};

/** inboxRefreshMs is how often the inbox is read again besides the socket's news. */
const inboxRefreshMs = 60_000;

/** fetchInbox reads the conversations of one status (open, closed, all), or only the caller's. */
export function fetchInbox(status: string, mine: boolean) {
  return opApi.get<Answer<'/api/operator/chat/conversations', 'get'>>(
    `/api/operator/chat/conversations${qs({ status, mine: mine ? 1 : undefined })}`,
  );
}

export function useInbox(status: string, mine: boolean) {
  return useQuery({ queryKey: chatKey.inboxOf(status, mine), queryFn: () => fetchInbox(status, mine), refetchInterval: inboxRefreshMs });
}
