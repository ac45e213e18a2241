import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { type Answer, opApi, pageSize, qs } from './client';
import { memberKey } from './get-member';

/** recentLines is how many statement lines "recent activity" shows. */
const recentLines = 10;

/** getMemberStatement reads a page of a member's statement, newest first. */
export function getMemberStatement(id: string, page: number, limit = pageSize) {
  return opApi.get<Answer<'/api/operator/members/{id}/statement', 'get'>>(
    `/api/operator/members/${encodeURIComponent(id)}/statement${qs({ page, limit })}`,
  );
}

export function useMemberStatement(id: string, page: number) {
  return useQuery({
    queryKey: memberKey.statement(id, page),
    queryFn: () => getMemberStatement(id, page),
    placeholderData: keepPreviousData,
  });
}

/** useRecentStatement is the member's latest lines (the withdrawal queue's "recent activity"). */
export function useRecentStatement(id: string) {
  return useQuery({ queryKey: memberKey.statement(id, 'recent'), queryFn: () => getMemberStatement(id, 1, recentLines) });
}
