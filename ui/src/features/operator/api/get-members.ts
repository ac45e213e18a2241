import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, pageSize, qs } from './client';
import type { MemberRow } from './types';

export const membersKey = (q: string, page: number) => [...opKey, 'members', q, page] as const;

/** getMembers finds members by phone, name, account, member code or id (q), a page at a time. */
export function getMembers(q: string, page: number, limit = pageSize) {
  return opApi.get<Answer<'/api/operator/members', 'get'>>(`/api/operator/members${qs({ q, page, limit })}`);
}

export function useMembers(q: string, page: number) {
  return useQuery({ queryKey: membersKey(q, page), queryFn: () => getMembers(q, page), placeholderData: keepPreviousData });
}

/** findMemberByPhone is the member registered with exactly this phone number, if any. */
export function findMemberByPhone(phone: string) {
  return opApi
    .get<{ members: MemberRow[] }>(`/api/operator/members${qs({ q: phone, limit: pageSize })}`)
    .then(({ members }) => members.find((m) => m.phone === phone));
}
