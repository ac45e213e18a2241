import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import ChangesPage from './changes';

const threshold = {
  id: 'c1',
  kind: 'setting',
  target: 'withdrawApprovalThreshold',
  summary: { amount: 10000000 },
  proposedBy: 'owner2',
  proposedAt: '2026-11-22T02:00:00Z',
  status: 'PENDING',
};
const mine = { ...threshold, id: 'c2', kind: 'operator.create', target: 'sup9', summary: { role: 'support' }, proposedBy: 'boss' };
const creds = {
  username: 'sup9',
  role: 'support',
  password: 'p'.repeat(20),
  totpSecret: 'JBSWY3DPEHPK3PXP',
  totpUri: 'otpauth://totp/Ngern:sup9?secret=JBSWY3DPEHPK3PXP',
};

function api(pending: unknown[], approve: Record<string, unknown> = { body: { change: { ...threshold, status: 'APPLIED' } } }) {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'boss', role: 'owner' } },
    'GET /api/operator/changes': { body: { changes: pending } },
    'POST /api/operator/changes/c1/approve': approve as never,
    'POST /api/operator/changes/c1/reject': { body: { change: { ...threshold, status: 'REJECTED' } } },
    'POST /api/operator/changes/c2/reject': { body: { change: { ...mine, status: 'REJECTED' } } },
  });
}

describe('pending changes page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('lists what waits and approves another owner’s change', async () => {
    const calls = api([threshold, mine]);
    renderWithProviders(<ChangesPage />);
    expect(await screen.findByText('Setting withdrawApprovalThreshold')).toBeTruthy();
    expect(screen.getByText('New operator sup9')).toBeTruthy();
    // Its own proposal: no approve button, only reject (withdraw it).
    expect(screen.getByText('Yours: another owner approves')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve c2' })).toBeNull();
    fireEvent.press(screen.getByRole('button', { name: 'Approve c1' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/operator/changes/c1/approve')).toBe(true));
  });

  it('shows the credentials of an approved new operator once', async () => {
    api([threshold], { body: { change: { ...threshold, status: 'APPLIED' }, credentials: creds } });
    renderWithProviders(<ChangesPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Approve c1' }));
    expect(await screen.findByText(creds.password)).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText(creds.password)).toBeNull();
  });

  it('shows a refusal translated (a stale change)', async () => {
    api([threshold], { status: 409, body: { message: 'CHANGE_STALE' } });
    renderWithProviders(<ChangesPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Approve c1' }));
    expect(await screen.findByText(/The value changed since this change was proposed/)).toBeTruthy();
  });

  it('rejects', async () => {
    const calls = api([threshold, mine]);
    renderWithProviders(<ChangesPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Reject c2' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/operator/changes/c2/reject')).toBe(true));
  });
});
