import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import RoundsPage, { roundState } from './rounds';

const bet = {
  txId: 'b1',
  kind: 'bet',
  state: 'applied',
  amount: 100,
  memberId: 'm1',
  game: 'slot',
  journalId: 'j1',
  balance: 900,
  manual: false,
  createdAt: '2026-11-27T01:00:00Z',
};

const stuck = {
  provider: 'sim',
  round: 'r1',
  memberId: 'm1',
  stake: 100,
  stuck: true,
  stuckSince: '2026-11-27T01:30:00Z',
  ownerOnly: false,
  transactions: [bet],
};

const refunded = {
  ...stuck,
  stuck: false,
  resolved: 'refund',
  transactions: [
    { ...bet, state: 'rolled_back' },
    { ...bet, txId: 'manual:r1', kind: 'rollback', state: 'applied', refTxId: 'b1', journalId: 'j2', balance: 1000, manual: true },
  ],
};

function api(role: string, round: object) {
  return mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/seamless/rounds?provider=sim&round=r1': { body: round },
    'POST /api/operator/seamless/rounds/sim/r1/resolve': {
      body: { message: 'SUCCESS', refunded: 100, wallet: 1000, duplicate: false, round: refunded },
    },
  });
}

async function search() {
  fireEvent.changeText(screen.getByLabelText('Aggregator'), 'sim');
  fireEvent.changeText(screen.getByLabelText('Id'), 'r1');
  fireEvent.press(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('Round r1')).toBeTruthy();
}

describe('rounds page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    [stuck, 'stuck'],
    [{ ...stuck, stuck: false }, 'open'],
    [refunded, 'refund'],
  ])('roundState %#', (r, want) => expect(roundState(r as never)).toBe(want));

  it('finds a round and refunds it after a reason and a confirmation', async () => {
    const calls = api('finance', stuck);
    renderWithProviders(<RoundsPage />);
    await search();
    expect(screen.getByText('Stuck')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Enter the reason.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Reason'), 'aggregator says void');
    fireEvent.press(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Give 100.00 back to member m1 for round r1. This cannot be undone.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: 'Resolve' });
    fireEvent.press(buttons[buttons.length - 1]);
    expect(await screen.findByText('Refunded 100.00. The wallet is now 1,000.00.')).toBeTruthy();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.body)).toEqual([{ resolution: 'refund', reason: 'aggregator says void' }]);
    expect(post[0].headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows support the round but no resolution', async () => {
    api('support', stuck);
    renderWithProviders(<RoundsPage />);
    await search();
    await waitFor(() => expect(screen.getByText('Stuck')).toBeTruthy());
    expect(screen.queryByText('Resolve the round')).toBeNull();
  });

  it('tells finance a refund above the threshold is the owners', async () => {
    api('finance', { ...stuck, ownerOnly: true });
    renderWithProviders(<RoundsPage />);
    await search();
    expect(await screen.findByText('This refund is above the withdrawal approval threshold: only an owner can make it.')).toBeTruthy();
  });
});
