import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'expo-router';
import { useCallback } from 'react';

import { api } from '@/lib/api';
import { clearToken } from '@/lib/storage';

export function logout(): Promise<{ message: string }> {
  return api.post('/api/logout');
}

/** useLogout revokes the token on the server, then clears it locally even if that failed. */
export function useLogout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local token is cleared below whatever the server said.
    }
    clearToken();
    queryClient.removeQueries({ queryKey: ['member'] });
    router.replace('/login');
  }, [queryClient, router]);
}
