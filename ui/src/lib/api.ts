// The one API client: bearer token, the fixed client header, timeouts, and the error contract
// {"message": CODE} of the server (invalid-token → /login, gone → /terminated).
import { apiBaseUrl, requestTimeoutMs, uploadTimeoutMs } from './config';
import type { ErrorCode } from './error-codes.generated';
import { clearOperatorToken, getOperatorToken } from './operator-token';
import { clearToken, getToken } from './storage';

export const clientHeader = { name: 'X-Ngern-Client', value: 'wallet-user' } as const;

/** Client-side codes for failures that never reached a server answer. */
export const networkErrorCode = 'NETWORK_ERROR';
export const timeoutErrorCode = 'TIMEOUT';
export const clientErrorCodes = [networkErrorCode, timeoutErrorCode] as const;

/** A code the app knows: the server's catalogue (generated from core/errs) or a client-side one. */
export type KnownErrorCode = ErrorCode | (typeof clientErrorCodes)[number];

/** ApiError carries the server's error code (or a client-side one) and the HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly detail?: string;
  readonly field?: string;
  /** body is the whole error answer, for calls whose errors carry more than the code. */
  readonly body?: unknown;
  /** retryAfter is the wait the server asked for, in seconds (its Retry-After), when it gave one. */
  readonly retryAfter?: number;

  constructor(code: string, status: number, detail?: string, field?: string, body?: unknown, retryAfter?: number) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.detail = detail;
    this.field = field;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** is reports whether the error carries code; a code the catalogue lacks does not compile. */
  is(code: KnownErrorCode): boolean {
    return this.code === code;
  }
}

type Navigate = (path: '/login' | '/terminated') => void;

let navigate: Navigate = () => undefined;

/** setApiNavigator lets the root layout decide how the client leaves for /login or /terminated. */
export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

export type RequestOptions = {
  body?: unknown;
  /** upload sends a FormData body with the 300 s upload timeout. */
  upload?: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * operator sends the operator console's token instead of the member's; an invalid-token
   * answer then clears only the operator token, and member navigation is left alone.
   */
  operator?: boolean;
};

type Fetch = typeof fetch;
let fetchImpl: Fetch = (...args) => fetch(...args);

/** setFetch replaces fetch (tests only). */
export function setFetch(fn: Fetch): void {
  fetchImpl = fn;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function handleSpecialCodes(err: ApiError): void {
  if (err.is('invalid-token')) {
    clearToken();
    navigate('/login');
  } else if (err.is('gone')) {
    navigate('/terminated');
  }
}

/** request calls the API and returns the parsed body, or throws ApiError. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [clientHeader.name]: clientHeader.value,
    ...options.headers,
  };
  const token = options.operator ? getOperatorToken() : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (options.upload) {
      body = options.body as FormData;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? (options.upload ? uploadTimeoutMs : requestTimeoutMs);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetchImpl(`${apiBaseUrl}${path}`, { method, headers, body, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new ApiError(timeoutErrorCode, 0);
    if (options.signal?.aborted) throw err;
    throw new ApiError(networkErrorCode, 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const data = await readJson(res).catch(() => null);
  if (!res.ok) throw answerError(res.status, data, retryAfterSeconds(res), options.operator);
  return data as T;
}

/**
 * answerError turns an error answer (status and parsed body) into an ApiError and acts on the
 * codes every call acts on: a member call leaves for /login on invalid-token and for /terminated
 * on gone; an operator call clears only the operator token. Calls made outside request (the
 * slip upload, which needs XMLHttpRequest's progress) use it too.
 */
export function answerError(status: number, data: unknown, retryAfter?: number, operator = false): ApiError {
  const obj = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const code = typeof obj.message === 'string' && obj.message ? obj.message : `HTTP_${status}`;
  const err = new ApiError(
    code,
    status,
    typeof obj.detail === 'string' ? obj.detail : undefined,
    typeof obj.field === 'string' ? obj.field : undefined,
    data ?? undefined,
    retryAfter,
  );
  if (!operator) handleSpecialCodes(err);
  else if (err.is('invalid-token')) clearOperatorToken(true);
  return err;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** retryAfterSeconds reads an answer's Retry-After in seconds (undefined when absent or not a number). */
function retryAfterSeconds(res: Response): number | undefined {
  const v = Number(res.headers?.get?.('Retry-After') ?? NaN);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

// Method syntax: an i18n whose t takes narrower options (the console's) still fits.
type I18nLike = { t(key: string, options?: Record<string, unknown>): string; exists(key: string): boolean };

/**
 * errorMessage translates an error through the errorMsg table of the current locale; a code
 * without a translation is shown raw, as the spec's error handler does. A REQUEST_LIMIT that
 * says how long to wait (Retry-After) says it in whole minutes. values fill the text's
 * placeholders (PASSWORD_TOO_SHORT's {{min}}, from the limits lookup).
 */
export function errorMessage(err: unknown, i18n: I18nLike, values?: Record<string, unknown>): string {
  if (err instanceof ApiError && err.code === 'REQUEST_LIMIT' && err.retryAfter) {
    return i18n.t('common.retryIn', { count: Math.ceil(err.retryAfter / 60) });
  }
  const code = err instanceof ApiError ? err.code : err instanceof Error ? err.message : String(err);
  const key = `errorMsg.${code}`;
  return i18n.exists(key) ? i18n.t(key, values) : code;
}
