import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { SeamlessProviderFigures } from './types';

export const seamlessProvidersKey = [...opKey, 'seamless', 'providers'] as const;

/** providersRefreshMs is how often the callback figures are read again. */
const providersRefreshMs = 30_000;

/** getSeamlessProviders reads the callbacks this node answered per provider (hour and day). */
export function getSeamlessProviders() {
  return opApi.get<{ providers: SeamlessProviderFigures[]; since: string }>('/api/operator/seamless/providers');
}

export function useSeamlessProviders() {
  return useQuery({ queryKey: seamlessProvidersKey, queryFn: getSeamlessProviders, refetchInterval: providersRefreshMs });
}
