import { useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { cannedKey } from './get-canned-replies';
import type { Canned, CannedInput } from './types';

/** saveCanned adds a canned reply, or with an id changes that one. */
export function saveCanned(c: CannedInput, id?: string) {
  return id
    ? opApi.put<Canned>(`/api/operator/chat/canned/${encodeURIComponent(id)}`, c)
    : opApi.post<Canned>('/api/operator/chat/canned', c);
}

/** useRefreshCanned reads a language's canned replies again after a save or a delete. */
export function useRefreshCanned(lang: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: cannedKey(lang) });
}
