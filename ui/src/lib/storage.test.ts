import * as SecureStore from 'expo-secure-store';

import { clearSession, getToken, readItem, setToken, storageKeys, storageReady, writeItem } from './storage';

describe('native storage', () => {
  beforeAll(() => storageReady);
  beforeEach(() => clearSession());

  it('keeps a remembered token in secure storage', () => {
    setToken('persist-me', true);
    expect(getToken()).toBe('persist-me');
    expect(SecureStore.setItemAsync).toHaveBeenLastCalledWith('token', 'persist-me');
  });

  it('keeps a session token in memory only', () => {
    (SecureStore.setItemAsync as jest.Mock).mockClear();
    setToken('session-only', false);
    expect(getToken()).toBe('session-only');
    expect(SecureStore.setItemAsync).not.toHaveBeenCalledWith('token', 'session-only');
  });

  it('clearSession forgets the token but keeps other values', () => {
    writeItem(storageKeys.code, 'PR123');
    setToken('x', true);
    clearSession();
    expect(getToken()).toBeNull();
    expect(readItem(storageKeys.code)).toBe('PR123');
  });

  it('uses exactly the spec keys', () => {
    expect(Object.values(storageKeys).sort()).toEqual([
      'code',
      'guest-id',
      'last_sync',
      'locale',
      'recent-games',
      'remember-agreement',
      'token',
    ]);
  });
});
