import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import MembersPage from './members';

jest.mock('expo-router', () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  usePathname: () => '/operator/members',
}));

const row = {
  _id: '0123456789abcdef01234567',
  memberCode: '7K3MQ9XA',
  phone: '0812345678',
  name: 'Demo Player',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'DEMO PLAYER',
  status: 'active',
  createdAt: '2026-11-22T02:00:00Z',
};

describe('members page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('lists the member code and searches by it', async () => {
    const calls = mockApi({
      'GET /api/operator/me': { body: { username: 'op', role: 'support' } },
      'GET /api/operator/members?page=1&limit=20': { body: { members: [row], total: 1 } },
      'GET /api/operator/members?q=7k3mq9xa&page=1&limit=20': { body: { members: [row], total: 1 } },
    });
    renderWithProviders(<MembersPage />);
    expect(await screen.findByText('7K3MQ9XA')).toBeTruthy();
    expect(screen.getByText('Member code')).toBeTruthy();
    fireEvent.changeText(screen.getByPlaceholderText('Phone, name, bank account number, member code or id'), ' 7k3mq9xa ');
    fireEvent.press(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('7K3MQ9XA');
    expect(calls.some((c) => c.path.includes('/api/operator/members?q=7k3mq9xa'))).toBe(true);
  });
});
