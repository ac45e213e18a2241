import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';

import { gameCredentialsKey, type GameCredentials } from './get-game-credentials';

/** resetGamePassword sets a new game password and answers the new credentials. */
export function resetGamePassword(code: string): Promise<GameCredentials> {
  return api.get<GameCredentials>(`/api/wallet/resetpassword/${encodeURIComponent(code)}`);
}

/** useResetGamePassword resets the password, then reloads the credentials. */
export function useResetGamePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetGamePassword,
    onSuccess: (credentials, code) => {
      queryClient.setQueryData(gameCredentialsKey(code), credentials);
      return queryClient.invalidateQueries({ queryKey: gameCredentialsKey(code) });
    },
  });
}
