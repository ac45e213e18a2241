import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';

export type Collect = {
  game: string;
  cursor: string;
  bets: number;
  lastBetAt: string | null;
  lastRunAt: string | null;
  lastOkAt: string | null;
  lastError: string;
  lastErrorAt: string | null;
  lag: number;
};

export const collectionKey = [...opKey, 'collection'] as const;

/** getCollection reads where the collection of game results stands, per game. */
export function getCollection() {
  return opApi.get<{ games: Collect[] }>('/api/operator/collection').then((r) => r.games);
}

export function useCollection() {
  return useQuery({ queryKey: collectionKey, queryFn: getCollection });
}
