import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';

export type Profile = {
  profile: { _id: string; name: string; username: string; createdAt: string; coin?: number };
  bankAccount: {
    bankCode: string;
    bankAccountName: string;
    bankAccountNo: string;
    currency?: string;
    bank?: { code: string; nameTH: string; nameEN?: string };
  } | null;
};

export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/api/account/profile');
}

export const profileQuery = queryOptions({ queryKey: ['member', 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
