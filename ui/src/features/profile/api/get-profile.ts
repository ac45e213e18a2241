import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type Profile = Schemas['Profile'];

export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/api/account/profile');
}

export const profileQuery = queryOptions({ queryKey: ['member', 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
