import { useQuery } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi, opKey, qs } from './client';

export type Result = components['schemas']['DayResult'];

/** resultsShown is how many of the latest daily game results the console lists. */
const resultsShown = 100;

export const gameResultsKey = {
  all: [...opKey, 'game-results'] as const,
  of: (member: string) => [...opKey, 'game-results', member] as const,
};

/** getGameResults reads the latest daily game results, of one member when member is set. */
export function getGameResults(member: string) {
  return opApi
    .get<{ results: Result[] }>(`/api/operator/game-results${qs({ limit: resultsShown, member: member.trim() })}`)
    .then((r) => r.results);
}

export function useGameResults(member: string) {
  return useQuery({ queryKey: gameResultsKey.of(member), queryFn: () => getGameResults(member) });
}
