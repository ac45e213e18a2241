import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { type Answer, opApi, opKey } from './client';

export type Collect = components['schemas']['CollectState'];

export const collectionKey = [...opKey, 'collection'] as const;

/** getCollection reads where the collection of game results stands, per game. */
export function getCollection() {
  return opApi.get<Answer<'/api/operator/collection', 'get'>>('/api/operator/collection').then((r) => r.games);
}

export function useCollection() {
  return useQuery({ queryKey: collectionKey, queryFn: getCollection });
}
