import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const settingsKey = [...opKey, 'settings'] as const;

/** getSettings lists every setting with its value and the roles that may edit it. */
export function getSettings() {
  return opApi.get<Answer<'/api/operator/settings', 'get'>>('/api/operator/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}

/** useSetting is one setting of the list, undefined until it is loaded. */
export function useSetting(name: string) {
  const q = useSettings();
  return { ...q, setting: q.data?.settings.find((s) => s.name === name) };
}
