// The console's calls: the one API client with the operator token.
import { api, type RequestOptions } from '@/lib/api';
import type { paths } from '@/lib/api-schema.generated';

const op = { operator: true } as const;

/** pageSize is the rows of one page of the console's paged lists. */
export const pageSize = 20;

/** opKey roots every console query key: signing out removes them all. */
export const opKey = ['operator'] as const;

export const opApi = {
  get: <T>(path: string, options?: RequestOptions) => api.get<T>(path, { ...options, ...op }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => api.post<T>(path, body, { ...options, ...op }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => api.put<T>(path, body, { ...options, ...op }),
  delete: <T>(path: string, options?: RequestOptions) => api.delete<T>(path, { ...options, ...op }),
};

/** qs builds a query string from the set values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

type Ok<R> = R extends { 200: { content: { 'application/json': infer A } } }
  ? A
  : R extends { 201: { content: { 'application/json': infer A } } }
    ? A
    : never;

/** Answer is the documented success answer (200, else 201) of a console call, generated from the OpenAPI document. */
export type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = paths[P][M] extends { responses: infer R }
  ? Ok<R>
  : never;
