import { useMutation, useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { memberKey } from './get-member';

/** lockMember locks or unlocks a member's account, with the reason when one is given. */
export function lockMember(id: string, action: 'lock' | 'unlock', reason: string) {
  return opApi.post(`/api/operator/members/${encodeURIComponent(id)}/${action}`, reason ? { reason } : {});
}

/** revokeSessions signs a member out of one session, or of all of them without sessionId. */
export function revokeSessions(id: string, sessionId?: string) {
  return opApi.delete(`/api/operator/members/${encodeURIComponent(id)}/sessions${sessionId ? `/${encodeURIComponent(sessionId)}` : ''}`);
}

/** addMemberNote adds an operators' note to a member. */
export function addMemberNote(id: string, text: string) {
  return opApi.post(`/api/operator/members/${encodeURIComponent(id)}/notes`, { text });
}

/** useMemberMutation runs a change of a member and reads the member again. */
function useMemberMutation<V>(id: string, call: (value: V) => Promise<unknown>, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      onDone?.();
      client.invalidateQueries({ queryKey: memberKey.of(id) });
    },
  });
}

export const useLockMember = (id: string, onDone: () => void) =>
  useMemberMutation(id, ({ action, reason }: { action: 'lock' | 'unlock'; reason: string }) => lockMember(id, action, reason), onDone);
export const useRevokeSessions = (id: string) => useMemberMutation(id, (sessionId?: string) => revokeSessions(id, sessionId));
export const useAddMemberNote = (id: string, onDone: () => void) =>
  useMemberMutation(id, (text: string) => addMemberNote(id, text), onDone);
