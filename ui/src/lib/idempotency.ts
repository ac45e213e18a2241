// Idempotency keys for the calls that move money (docs/api.md, "Money calls: idempotency").
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef } from 'react';

import { ApiError } from './api';

export const idempotencyHeader = 'Idempotency-Key';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * newIdempotencyKey gives a random UUID (v4). A key only has to be unique per member and
 * route, so Math.random is an acceptable last resort where no crypto source exists.
 */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * unanswered is true when a call got no answer from the server (network failure, timeout, or a
 * bare proxy error without our error body): the call may have run, so a retry must send the
 * same key to get the stored answer instead of moving money twice.
 */
export function unanswered(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.code.startsWith('HTTP_'));
}

/**
 * IdempotencyKeys gives one key per submission: a fresh key for every new submission, and the
 * same key again when the same body is sent after an unanswered attempt.
 */
export class IdempotencyKeys {
  private last: { key: string; body: string } | null = null;

  keyFor(body: unknown): string {
    const text = JSON.stringify(body ?? null);
    if (this.last && this.last.body === text) return this.last.key;
    const key = newIdempotencyKey();
    this.last = { key, body: text };
    return key;
  }

  /** settle forgets the key once the server answered (success or a definite error). */
  settle(err?: unknown): void {
    if (!unanswered(err)) this.last = null;
  }
}

type Options<R, B> = Omit<UseMutationOptions<R, Error, B>, 'mutationFn'>;

/**
 * useIdempotentMutation is useMutation for a money call: call gets the body and the key to send
 * in the Idempotency-Key header.
 */
export function useIdempotentMutation<B, R>(call: (body: B, key: string) => Promise<R>, options?: Options<R, B>) {
  const keys = useRef<IdempotencyKeys | null>(null);
  if (!keys.current) keys.current = new IdempotencyKeys();
  return useMutation<R, Error, B>({
    ...options,
    mutationFn: async (body) => {
      const store = keys.current!;
      const key = store.keyFor(body);
      try {
        const result = await call(body, key);
        store.settle();
        return result;
      } catch (err) {
        store.settle(err);
        throw err;
      }
    },
  });
}
