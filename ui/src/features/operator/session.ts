import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { clearOperatorToken, getOperatorToken, setOperatorToken, subscribeOperatorToken } from '@/lib/operator-token';

import { opApi, opKey } from './api/client';
import type { Role } from './roles';
import { tabSession } from './session-share';

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

/**
 * useTabSession joins this tab to the browser's other console tabs (session-share.ts): it is true
 * while a tab opened without a token waits for theirs, so that the sign-in does not flash before
 * the token arrives; a sign-out in another tab forgets this tab's console answers too.
 */
export function useTabSession(): boolean {
  const client = useQueryClient();
  const [asking, setAsking] = useState(() => !getOperatorToken() && tabSession() !== null);
  useEffect(() => {
    const share = tabSession();
    if (!share) return;
    let live = true;
    if (asking) share.ask().then(() => live && setAsking(false));
    const off = share.onSignedOutElsewhere(() => client.removeQueries({ queryKey: opKey }));
    return () => {
      live = false;
      off();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount: asking is the first state
  }, []);
  return asking;
}
