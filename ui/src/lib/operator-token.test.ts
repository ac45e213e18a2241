import { api, ApiError, setApiNavigator } from './api';
import { clearOperatorToken, getOperatorToken, setOperatorToken } from './operator-token';
import { clearToken, getToken, setToken } from './storage';
import { mockApi } from '@/testing/render';

describe('operator calls', () => {
  let navigate: jest.Mock;
  beforeEach(() => {
    navigate = jest.fn();
    setApiNavigator(navigate);
    clearToken();
    clearOperatorToken();
  });

  it('send the operator token, never the member token, and member calls never send the operator token', async () => {
    const calls = mockApi({ 'GET /api/operator/me': { body: {} }, 'GET /api/wallet': { body: {} } });
    setToken('member', false);
    setOperatorToken('op');
    await api.get('/api/operator/me', { operator: true });
    await api.get('/api/wallet');
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer op', 'Bearer member']);

    clearOperatorToken();
    await api.get('/api/operator/me', { operator: true });
    expect(calls[2].headers.Authorization).toBeUndefined();
  });

  it('on invalid-token clear only the operator token and leave member navigation alone', async () => {
    mockApi({ 'GET /api/operator/me': { status: 401, body: { message: 'invalid-token' } } });
    setToken('member', false);
    setOperatorToken('op');
    await expect(api.get('/api/operator/me', { operator: true })).rejects.toMatchObject({ code: 'invalid-token', status: 401 });
    expect(getOperatorToken()).toBeNull();
    expect(getToken()).toBe('member');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keep the whole error answer for codes that carry more (TOTP enrolment)', async () => {
    const enrolment = { secret: 'S', uri: 'otpauth://totp/x', qrSvg: '<svg/>' };
    mockApi({ 'POST /api/operator/login': { status: 401, body: { message: 'TOTP_REQUIRED', enrolment } } });
    const err: ApiError = (await api.post('/api/operator/login', {}, { operator: true }).catch((e: ApiError) => e)) as ApiError;
    expect(err.code).toBe('TOTP_REQUIRED');
    expect(err.body).toEqual({ message: 'TOTP_REQUIRED', enrolment });
  });
});
