import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

/** activateGame opens an account with the game's provider. */
export function activateGame(code: string): Promise<{ message: string }> {
  return api.get<{ message: string }>(`/api/wallet/activate/${encodeURIComponent(code)}`);
}

export function useActivateGame() {
  return useMutation({ mutationFn: activateGame });
}
