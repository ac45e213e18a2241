import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { clearOperatorToken, getOperatorToken, setOperatorToken, subscribeOperatorToken } from '@/lib/operator-token';

import { opApi, opKey } from './api/client';
import type { Role } from './roles';

export type Operator = { username: string; role: Role };

export type Enrolment = { secret: string; uri: string; qrSvg: string };

export type LoginAnswer = { token: string; operator: Operator };

const meKey = (token: string | null) => [...opKey, 'me', token] as const;

/** useOperatorToken re-renders when the console signs in or out. */
export function useOperatorToken(): string | null {
  return useSyncExternalStore(subscribeOperatorToken, getOperatorToken, getOperatorToken);
}

/** useMe is the signed-in operator (name and role). */
export function useMe() {
  const token = useOperatorToken();
  return useQuery({
    queryKey: meKey(token),
    queryFn: () => opApi.get<Operator>('/api/operator/me'),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
}

export function login(body: { username: string; password: string; totp: string }): Promise<LoginAnswer> {
  return opApi.post<LoginAnswer>('/api/operator/login', body);
}

/** signedIn stores the token and primes the "me" answer. */
export function useSignedIn() {
  const client = useQueryClient();
  return (answer: LoginAnswer) => {
    client.removeQueries({ queryKey: opKey });
    setOperatorToken(answer.token);
    client.setQueryData(meKey(answer.token), answer.operator);
  };
}

/** useSignOut ends the session on the server (best effort) and forgets every console answer. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => opApi.post('/api/operator/logout').catch(() => undefined),
    onSettled: () => {
      clearOperatorToken();
      client.removeQueries({ queryKey: opKey });
    },
  });
}
