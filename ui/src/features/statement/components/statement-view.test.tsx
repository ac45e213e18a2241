import { fireEvent, screen, waitFor } from '@testing-library/react-native';
import { StyleSheet } from 'react-native';

import { colors } from '@/components/ui/theme';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import type { StatementItem } from '../api/get-statement';

import { StatementView } from './statement-view';

const item = (n: number, overrides: Partial<StatementItem> = {}): StatementItem => ({
  _id: `s${n}`,
  statementType: 'transfer',
  from: 'WALLET',
  to: 'SIAMSLOT',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-22T02:00:00Z',
  description: null,
  source: null,
  ...overrides,
});

const accountName = (code: string) => ({ WALLET: 'Wallet', SIAMSLOT: 'Siam Slot' })[code] ?? code;

const pageButtons = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.props.accessibilityLabel as string)
    .filter((l) => /^Page \d+$/.test(l));

describe('StatementView', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it.each([
    ['PENDING', 'PENDING', 'Requested · waiting for approval'],
    ['PAYING', 'PENDING', 'Approved · being paid to your bank account'],
    ['APPROVED', 'SUCCESS', 'Paid to your bank account'],
    ['FAILED', 'FAILED', 'Payment failed · the money is back in your wallet'],
    ['REJECTED', 'FAILED', 'Rejected · the money is back in your wallet'],
  ] as const)('says where a %s withdrawal stands', async (progress, status, text) => {
    mockApi({
      'POST /api/statement': {
        body: {
          total: 1,
          statements: [
            item(1, {
              statementType: 'withdraw',
              to: 'BANK',
              status,
              withdrawalStatus: progress,
              description: progress === 'FAILED' ? 'account closed' : null,
            }),
          ],
        },
      },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText(text)).toBeTruthy();
    if (progress === 'FAILED') expect(screen.getByText('account closed')).toBeTruthy();
  });

  it('shows the shape of the rows while the statement loads, then the rows', async () => {
    mockApi({ 'POST /api/statement': { body: { total: 1, statements: [item(1, { amount: 250.5 })] } } });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(screen.getByTestId('statement-skeleton')).toBeTruthy();
    expect(await screen.findByText(/250\.50/)).toBeTruthy();
    expect(screen.queryByTestId('statement-skeleton')).toBeNull();
  });

  it('shows type, from → to, amount with 2 decimals, status and time', async () => {
    const calls = mockApi({
      'POST /api/statement': {
        body: {
          total: 3,
          statements: [
            item(1, { amount: 250.5 }),
            item(2, { statementType: 'withdraw', to: 'BANK', status: 'PENDING', amount: 500 }),
            item(3, { statementType: 'deposit', from: 'ADJUSTMENT', to: 'WALLET', source: 'adjustment', description: 'demo balance' }),
          ],
        },
      },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText('250.50')).toBeTruthy();
    expect(calls[0].body).toEqual({ before: '', limit: 10 });
    expect(screen.getAllByText('Wallet → Siam Slot')).toHaveLength(1);
    expect(screen.getByText('Withdrawal')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getAllByText('Success')).toHaveLength(2);
    expect(screen.getAllByText('22/11/2026 09:00:00')).toHaveLength(3);
    expect(screen.getByText('Adjustment by staff · demo balance')).toBeTruthy();
    expect(pageButtons()).toEqual([]);
  });

  it.each(['th', 'la', 'en'])('reads a cancelled bonus as cancelled and a spin prize by name (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    mockApi({
      'POST /api/statement': {
        body: {
          total: 2,
          statements: [
            item(1, {
              statementType: 'finish_bonus',
              from: 'WALLET',
              to: 'BONUS',
              status: 'CANCELLED',
              source: 'bonus',
              description: 'WELCOME',
            }),
            item(2, { statementType: 'deposit', from: 'SPIN', to: 'WALLET', source: 'spin_prize', description: 'spin S1' }),
          ],
        },
      },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText(i18n.t('statement.status.cancelled'))).toBeTruthy();
    expect(screen.queryByText(i18n.t('statement.status.failed'))).toBeNull();
    expect(screen.queryByText(i18n.t('statement.status.progress'))).toBeNull();
    expect(screen.getByText(`${i18n.t('statement.sources.luckydraw')} · spin S1`)).toBeTruthy();
    expect(screen.queryByText(/spin_prize/)).toBeNull();
  });

  const round = (overrides: Partial<NonNullable<StatementItem['round']>> = {}, status = 'SUCCESS'): StatementItem =>
    item(9, {
      _id: 'round:sim:r1',
      statementType: 'game_round',
      from: 'WALLET',
      to: 'sim',
      amount: 100,
      status,
      description: 'slot1',
      source: 'sim',
      round: {
        provider: 'sim',
        round: 'r1',
        game: 'slot1',
        gameName: 'Lucky Koi',
        stake: 100,
        payout: 250,
        net: 150,
        movements: [
          { kind: 'bet', txId: 'b1', amount: 100, rolledBack: false, createdAt: '2026-11-22T02:00:00Z' },
          { kind: 'bet', txId: 'b2', amount: 30, rolledBack: true, createdAt: '2026-11-22T02:00:01Z' },
          { kind: 'rollback', txId: 'x1', amount: 30, rolledBack: false, createdAt: '2026-11-22T02:00:02Z' },
          { kind: 'win', txId: 'w1', amount: 250, rolledBack: false, createdAt: '2026-11-22T02:00:03Z' },
        ],
        ...overrides,
      },
    });

  it.each(['th', 'la', 'en'])('shows a game round with its name, stake, win and net, and its movements on demand (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    mockApi({ 'POST /api/statement': { body: { total: 1, statements: [round()] } } });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText('Lucky Koi')).toBeTruthy();
    expect(screen.getByText('+150.00')).toBeTruthy();
    expect(screen.getByText(`${i18n.t('statement.round.stake')} 100.00 · ${i18n.t('statement.round.payout')} 250.00`)).toBeTruthy();
    expect(screen.queryByText(/sim|slot1|game_round/)).toBeNull();
    expect(screen.queryByText(/09:00:03/)).toBeNull(); // movements folded
    const toggle = screen.getByRole('button', { name: i18n.t('statement.round.showMoves', { count: 4 }) });
    expect(toggle.props.accessibilityState.expanded).toBe(false);
    fireEvent.press(toggle);
    expect(await screen.findByText(/09:00:03/)).toBeTruthy();
    for (const kind of ['bet', 'win', 'rollback']) {
      const label = i18n.t(`statement.round.kinds.${kind}`);
      expect(label).not.toMatch(/^statement\./);
      expect(screen.getAllByText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    }
    expect(screen.getByText(new RegExp(i18n.t('statement.round.rolledBack')))).toBeTruthy();
    expect(screen.getByText('+250.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: i18n.t('statement.round.hideMoves') }).props.accessibilityState.expanded).toBe(true);
  });

  it('shows a lost round in red and a cancelled one as cancelled', async () => {
    mockApi({
      'POST /api/statement': {
        body: {
          total: 2,
          statements: [
            round({ gameName: 'Lost', payout: 0, net: -100 }),
            { ...round({ gameName: 'Undone', stake: 0, payout: 0, net: 0 }, 'CANCELLED'), _id: 'round:sim:r2' },
          ],
        },
      },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText('-100.00')).toBeTruthy();
    expect(StyleSheet.flatten(screen.getByText('-100.00').props.style).color).toBe(colors.danger);
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('pages by cursor, offering the pages reached and the next one, 3 before and 1 after', async () => {
    // Page n holds item n and answers the cursor "c<n>"; page 7 is the last.
    const calls = mockApi({
      'POST /api/statement': (body) => {
        const n = body.before === '' ? 1 : Number(String(body.before).slice(1)) + 1;
        return { body: { statements: [item(n)], next: n < 7 ? `c${n}` : null } };
      },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    await waitFor(() => expect(pageButtons()).toEqual(['Page 1', 'Page 2']));
    fireEvent.press(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(pageButtons()).toEqual(['Page 1', 'Page 2', 'Page 3']));
    expect(calls.at(-1)?.body).toEqual({ before: 'c1', limit: 10 });
    fireEvent.press(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.press(await screen.findByRole('button', { name: 'Page 4' }));
    fireEvent.press(await screen.findByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(pageButtons()).toEqual(['Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 6']));
    fireEvent.press(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageButtons()).toEqual(['Page 3', 'Page 4', 'Page 5', 'Page 6', 'Page 7']));
    expect(calls.at(-1)?.body).toEqual({ before: 'c5', limit: 10 });
    fireEvent.press(screen.getByRole('button', { name: 'Page 7' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ before: 'c6', limit: 10 }));
    // The last page answers no cursor: no page after it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 7' }).props.accessibilityState.selected).toBe(true));
    expect(pageButtons()).toEqual(['Page 4', 'Page 5', 'Page 6', 'Page 7']);
    // Back to a page reached before: read again from its cursor.
    fireEvent.press(screen.getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ before: 'c3', limit: 10 }));
  });

  it('swallows a failed load and shows the empty state', async () => {
    mockApi({ 'POST /api/statement': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    renderWithProviders(<StatementView accountName={accountName} />);
    expect(await screen.findByText('There is no activity to show yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the slip status modal with the member slips', async () => {
    mockApi({
      'POST /api/statement': { body: { total: 0, statements: [] } },
      'POST /api/statement/slip': { body: { total: 0, slips: [] } },
    });
    renderWithProviders(<StatementView accountName={accountName} />);
    fireEvent.press(screen.getByRole('button', { name: 'Upload status' }));
    expect(await screen.findByText('You have not uploaded any slip yet.')).toBeTruthy();
  });
});
