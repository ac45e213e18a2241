import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import OperatorsPage from './operators';

const list = {
  operators: [
    { username: 'boss', role: 'owner', disabled: false, enrolled: true, createdAt: '2026-11-22T02:00:00Z', lastLoginAt: null },
    { username: 'fin1', role: 'finance', disabled: false, enrolled: false, createdAt: '2026-11-22T02:00:00Z', lastLoginAt: null },
  ],
};
const creds = { password: 'p'.repeat(20), totpSecret: 'JBSWY3DPEHPK3PXP', totpUri: 'otpauth://totp/Ngern:x?secret=JBSWY3DPEHPK3PXP' };

function api() {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'boss', role: 'owner' } },
    'GET /api/operator/operators': { body: list },
    'POST /api/operator/operators': (body) => ({ status: 201, body: { ...body, ...creds } }),
    'POST /api/operator/operators/fin1/reset': { body: { username: 'fin1', role: 'finance', ...creds } },
  });
}

describe('operators page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('adds an operator and shows the password and secret once', async () => {
    const calls = api();
    renderWithProviders(<OperatorsPage />);
    fireEvent.changeText(await screen.findByLabelText('Username'), 'Sup1');
    fireEvent.press(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByText(creds.password)).toBeTruthy();
    expect(screen.getByText(creds.totpSecret)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'sup1', role: 'support' });
    fireEvent.press(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText(creds.password)).toBeNull();
  });

  it('resets only after confirming; the signed-in owner has no actions on its own row', async () => {
    const calls = api();
    renderWithProviders(<OperatorsPage />);
    expect(await screen.findByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset password and authenticator boss' })).toBeNull();
    fireEvent.press(screen.getByRole('button', { name: 'Reset password and authenticator fin1' }));
    expect(await screen.findByText('Reset fin1?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.press(screen.getByRole('button', { name: 'Yes, reset' }));
    await waitFor(() => expect(screen.getByText(creds.totpSecret)).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/operator/operators/fin1/reset']);
  });
});
