import { useQuery } from '@tanstack/react-query';

import { useMe } from '../session';
import { type Answer, opApi, opKey } from './client';

export const changesKey = [...opKey, 'changes'] as const;

/** getChanges lists the changes that wait for a second owner. */
export function getChanges() {
  return opApi.get<Answer<'/api/operator/changes', 'get'>>('/api/operator/changes');
}

/** usePendingChanges lists the pending changes; only owners may (the others get none). */
export function usePendingChanges() {
  const me = useMe();
  return useQuery({ queryKey: changesKey, queryFn: getChanges, enabled: me.data?.role === 'owner' });
}
