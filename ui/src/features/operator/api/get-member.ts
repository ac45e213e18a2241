import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { MemberDetail } from './types';

/** memberKey.of(id) roots every query of one member: its detail and its statement pages. */
export const memberKey = {
  of: (id: string) => [...opKey, 'member', id] as const,
  statement: (id: string, page: number | 'recent') => [...opKey, 'member', id, 'statement', page] as const,
};

/** getMember reads a member's detail: profile, balances, sessions, notes. */
export function getMember(id: string) {
  return opApi.get<MemberDetail>(`/api/operator/members/${encodeURIComponent(id)}`);
}

export function useMember(id: string) {
  return useQuery({ queryKey: memberKey.of(id), queryFn: () => getMember(id), enabled: !!id });
}
