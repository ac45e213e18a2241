import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import ReconciliationPage, { age } from './reconciliation';

const transfer = {
  id: 't1',
  memberId: 'm1',
  game: 'SIAMSLOT',
  direction: 'in',
  amount: 300,
  state: 'UNKNOWN',
  createdAt: '2026-11-22T02:00:00Z',
  ageSeconds: 7500,
  attempts: 4,
};

describe('reconciliation page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    [40, '40s'],
    [125, '2m 5s'],
    [7500, '2h 5m'],
    [90000, '1d 1h'],
  ])('age(%d) is %s', (s, want) => expect(age(s)).toBe(want));

  it('lists open transfers with their age; the only action asks the provider', async () => {
    const calls = mockApi({
      'GET /api/operator/transfers?state=open': { body: { transfers: [transfer] } },
      'POST /api/operator/transfers/t1/query': { body: { providerStatus: 'NO_ANSWER', transfer } },
    });
    renderWithProviders(<ReconciliationPage />);
    expect(await screen.findByText('2h 5m')).toBeTruthy();
    expect(screen.getByText('Wallet → game')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((b) => b.props.accessibilityLabel);
    expect(buttons.filter((l) => l !== 'Export CSV Reconciliation')).toEqual(['Ask the provider again']);
    fireEvent.press(screen.getByRole('button', { name: 'Ask the provider again' }));
    expect(await screen.findByText('NO_ANSWER → UNKNOWN')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/operator/transfers/t1/query']);
  });
});
