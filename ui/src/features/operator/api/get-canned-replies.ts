import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, qs } from './client';
import { chatKey } from './get-chat-inbox';

/** cannedKey is the canned replies of one console language. */
export const cannedKey = (lang: string) => [...chatKey.all, 'canned', lang] as const;

export function fetchCanned(lang: string) {
  return opApi.get<Answer<'/api/operator/chat/canned', 'get'>>(`/api/operator/chat/canned${qs({ lang })}`);
}

/** useCanned reads the canned replies of one language. */
export function useCanned(lang: string) {
  return useQuery({ queryKey: cannedKey(lang), queryFn: () => fetchCanned(lang) });
}
