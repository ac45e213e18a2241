import { fireEvent, screen } from '@testing-library/react-native';

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

let pending: Record<string, unknown>[] = [];
const change = (kind: string, target: string) => ({
  id: `c${pending.length + 1}`,
  kind,
  target,
  summary: {},
  proposedBy: 'boss',
  proposedAt: '2026-11-22T02:00:00Z',
  status: 'PENDING',
});

function api() {
  pending = [];
  return mockApi({
    'GET /api/operator/me': { body: { username: 'boss', role: 'owner' } },
    'GET /api/operator/operators': { body: list },
    // Every change of an operator waits for a second owner (202).
    'POST /api/operator/operators': (body) => {
      pending.push(change('operator.create', String((body as { username: string }).username)));
      return { status: 202, body: { message: 'SECOND_APPROVAL_REQUIRED', change: pending[pending.length - 1] } };
    },
    'POST /api/operator/operators/fin1/reset': () => {
      pending.push(change('operator.reset', 'fin1'));
      return { status: 202, body: { message: 'SECOND_APPROVAL_REQUIRED', change: pending[pending.length - 1] } };
    },
    'GET /api/operator/changes': () => ({ body: { changes: pending } }),
  });
}

describe('operators page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('proposes a new operator: it waits for a second owner, no credentials shown here', async () => {
    const calls = api();
    renderWithProviders(<OperatorsPage />);
    fireEvent.changeText(await screen.findByLabelText('Username'), 'Sup1');
    fireEvent.press(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByText('Proposed: a second owner must approve it on the Pending changes page')).toBeTruthy();
    expect(screen.queryByText(creds.password)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'sup1', role: 'support' });
    expect(await screen.findByText('Awaiting a second owner: New operator sup1, proposed by boss')).toBeTruthy();
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
    expect(await screen.findByText('Proposed: a second owner must approve it on the Pending changes page')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/operator/operators/fin1/reset']);
  });
});
