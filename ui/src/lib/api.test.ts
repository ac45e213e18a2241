import i18n from '@/i18n';

import { ApiError, api, clientHeader, errorMessage, setApiNavigator, setFetch } from './api';
import { clearToken, getToken, setToken } from './storage';
import { mockApi } from '@/testing/render';

describe('api client', () => {
  let navigate: jest.Mock;
  beforeEach(async () => {
    navigate = jest.fn();
    setApiNavigator(navigate);
    clearToken();
    await i18n.changeLanguage('en');
  });

  it('sends the client header, and the bearer token when there is one', async () => {
    const calls = mockApi({ 'GET /api/lookup/banks': { body: [] } });
    await api.get('/api/lookup/banks');
    expect(calls[0].headers[clientHeader.name]).toBe('wallet-user');
    expect(calls[0].headers.Authorization).toBeUndefined();

    setToken('abc', false);
    await api.get('/api/lookup/banks');
    expect(calls[1].headers.Authorization).toBe('Bearer abc');
  });

  it('sends JSON bodies and returns the parsed answer', async () => {
    const calls = mockApi({ 'POST /api/login': (body) => ({ body: { token: `t-${body.username}` } }) });
    await expect(api.post('/api/login', { username: '0812345678', password: 'x' })).resolves.toEqual({ token: 't-0812345678' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('turns {"message": CODE} errors into ApiError with status, detail and field', async () => {
    mockApi({ 'POST /api/login': { status: 400, body: { message: 'WRONG_CREDENTIAL', detail: 'd', field: 'password' } } });
    const err = await api.post('/api/login', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'WRONG_CREDENTIAL', status: 400, detail: 'd', field: 'password' });
  });

  it('uses HTTP_<status> when the error body has no message', async () => {
    mockApi({ 'GET /api/x': { status: 502, body: 'bad gateway' } });
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 'HTTP_502', status: 502 });
  });

  it('translates codes through errorMsg and shows unknown codes raw', () => {
    expect(errorMessage(new ApiError('WRONG_CREDENTIAL', 400), i18n)).toBe('Incorrect phone number or password');
    expect(errorMessage(new ApiError('SOMETHING_NEW', 400), i18n)).toBe('SOMETHING_NEW');
    i18n.changeLanguage('th');
    expect(errorMessage(new ApiError('WRONG_CREDENTIAL', 400), i18n)).toBe('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง');
  });

  it('reads Retry-After and says a REQUEST_LIMIT wait in minutes', async () => {
    i18n.changeLanguage('en');
    mockApi({ 'POST /api/operator/login': { status: 429, body: { message: 'REQUEST_LIMIT' }, headers: { 'Retry-After': '45' } } });
    const err = await api.post('/api/operator/login', {}, { operator: true }).catch((e) => e);
    expect(err).toMatchObject({ code: 'REQUEST_LIMIT', status: 429, retryAfter: 45 });
    expect(errorMessage(err, i18n)).toBe('Too many requests. Try again in 1 minute');
    expect(errorMessage(new ApiError('REQUEST_LIMIT', 429), i18n)).toBe(i18n.t('errorMsg.REQUEST_LIMIT'));
  });

  it('clears the token and goes to /login on invalid-token', async () => {
    setToken('abc', true);
    mockApi({ 'GET /api/account/profile': { status: 401, body: { message: 'invalid-token' } } });
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ code: 'invalid-token', status: 401 });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('goes to /terminated on gone', async () => {
    setToken('abc', true);
    mockApi({ 'GET /api/account/profile': { status: 410, body: { message: 'gone' } } });
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ code: 'gone' });
    expect(navigate).toHaveBeenCalledWith('/terminated');
    expect(getToken()).toBe('abc');
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    setFetch((() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('aborts after the timeout and reports TIMEOUT', async () => {
    jest.useFakeTimers();
    try {
      let seen: AbortSignal | undefined;
      setFetch(((_url: string, init: RequestInit) => {
        seen = init.signal ?? undefined;
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }) as typeof fetch);
      const pending = api.get('/api/slow').catch((e) => e);
      jest.advanceTimersByTime(59_999);
      expect(seen?.aborted).toBe(false);
      jest.advanceTimersByTime(1);
      await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives uploads 300 s', async () => {
    jest.useFakeTimers();
    try {
      let seen: AbortSignal | undefined;
      setFetch(((_url: string, init: RequestInit) => {
        seen = init.signal ?? undefined;
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }) as typeof fetch);
      const pending = api.post('/api/wallet/slip', {}, { upload: true }).catch((e) => e);
      jest.advanceTimersByTime(60_000);
      expect(seen?.aborted).toBe(false);
      jest.advanceTimersByTime(240_000);
      await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      jest.useRealTimers();
    }
  });
});
