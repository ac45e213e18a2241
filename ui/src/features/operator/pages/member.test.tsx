import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import MemberPage from './member';

jest.mock('expo-router', () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  usePathname: () => '/operator/members/m1',
  useLocalSearchParams: () => ({ id: 'm1' }),
}));

const detail = (status: string) => ({
  member: {
    _id: 'm1',
    memberCode: '7K3MQ9XA',
    phone: '0812345678',
    name: 'Demo Player',
    status,
    createdAt: '2026-11-22T02:00:00Z',
    lastSeenAt: null,
  },
  bankAccount: {
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'DEMO PLAYER',
    bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
  },
  wallet: { amount: 1234.5 },
  games: [{ code: 'SIAMSLOT', name: 'Siam Slot', amount: 200 }],
  sessions: [{ id: 's1', createdAt: '2026-11-22T02:00:00Z', lastSeenAt: '2026-11-22T03:00:00Z', ip: '203.0.113.9', userAgent: 'Browser' }],
  notes: [],
});

function api(role: string, status = 'active') {
  let current = detail(status);
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/members/m1': () => ({ body: current }),
    'GET /api/operator/members/m1/statement?page=1&limit=20': { body: { statements: [], total: 0 } },
    'POST /api/operator/members/m1/lock': () => {
      current = detail('locked');
      return { body: { member: current.member } };
    },
    'DELETE /api/operator/members/m1/sessions/s1': { body: { message: 'OK' } },
  });
}

describe('member page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('shows profile, bank and balances; finance gets no lock or revoke', async () => {
    api('finance');
    renderWithProviders(<MemberPage />);
    expect(await screen.findByText('1,234.50')).toBeTruthy();
    expect(screen.getByText('Siam Slot')).toBeTruthy();
    expect(screen.getByText('1234567890')).toBeTruthy();
    expect(screen.getByText('7K3MQ9XA')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('support locks the member with a reason and revokes a session', async () => {
    const calls = api('support');
    renderWithProviders(<MemberPage />);
    fireEvent.changeText(await screen.findByLabelText('Reason (kept in the audit log)'), 'Reported stolen phone');
    fireEvent.press(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/lock'))?.body).toEqual({ reason: 'Reported stolen phone' });
    fireEvent.press(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/sessions/s1'))).toBe(true));
  });
});
