import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { formProblem, toSettings } from '../components/rewards/forms';
import RewardsPage from './rewards';

const settings = {
  active: true,
  period: 'daily',
  rateBP: 550,
  minNetLoss: 100,
  maxPerPeriod: 0,
  games: [],
  successPercent: 200,
  failPercent: 10,
  info: { th: '<p>คืน</p>' },
  banners: [],
};

const api = (role: string, extra = {}) =>
  mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/rewards/refund/settings': { body: { program: 'refund', settings } },
    'GET /api/operator/rewards/refund/runs': {
      body: {
        runs: [
          {
            id: 'r1',
            period: 'day:2026-11-22',
            endsAt: '2026-11-22T17:00:00Z',
            bets: 12,
            members: 2,
            stake: 1000,
            payout: 400,
            amount: 33,
            by: '',
            createdAt: '2026-11-22T17:01:00Z',
          },
        ],
      },
    },
    'GET /api/operator/rewards/refund/items?page=1&limit=20': { body: { items: [], total: 0 } },
    'GET /api/operator/collection': {
      body: {
        games: [
          {
            game: 'SIAMSLOT',
            cursor: '42',
            bets: 42,
            lastBetAt: null,
            lastRunAt: null,
            lastOkAt: null,
            lastError: 'provider down',
            lastErrorAt: '2026-11-22T02:00:00Z',
            lag: 65,
          },
        ],
      },
    },
    'GET /api/operator/game-results?limit=100': { body: { results: [] } },
    ...extra,
  });

describe('rewards page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('turns the form into settings and refuses what the server would', () => {
    const form = {
      active: true,
      period: 'weekly',
      rate: '5.5',
      minNetLoss: '100',
      maxPerPeriod: '0',
      games: 'A, B,',
      successPercent: '200',
      failPercent: '10',
      infoTh: '<p>x</p>',
      infoLa: '',
      infoEn: '',
      banners: 'https://img/a.png | hi',
    };
    expect(formProblem(form)).toBeNull();
    expect(toSettings(form)).toMatchObject({
      rateBP: 550,
      games: ['A', 'B'],
      info: { th: '<p>x</p>' },
      banners: [{ image: 'https://img/a.png', html: 'hi' }],
    });
    expect(formProblem({ ...form, rate: '101' })).toBe('rewards.errors.rate');
    expect(formProblem({ ...form, successPercent: '100' })).toBe('rewards.errors.percent');
    expect(formProblem({ ...form, minNetLoss: 'x' })).toBe('rewards.errors.number');
  });

  it('shows settings, runs and collection; finance closes the period after confirming', async () => {
    const calls = api('finance', {
      'POST /api/operator/refund/close-period': {
        body: { message: 'SUCCESS', run: { id: 'r2', period: 'day:2026-11-23@x', amount: 12.5, members: 1 } },
      },
    });
    renderWithProviders(<RewardsPage />);
    expect(await screen.findByText(/5\.5% of net loss from 100\.00/)).toBeTruthy();
    expect(await screen.findByText('day:2026-11-22')).toBeTruthy();
    expect(screen.getByText('600.00')).toBeTruthy(); // net loss of the run
    // The explanation exists in Thai only: the Lao and English fields say members read the Thai one.
    fireEvent.press(await screen.findByRole('button', { name: 'Edit settings' }));
    expect(screen.getAllByText('Not translated: members see the Thai text.')).toHaveLength(2);
    fireEvent.changeText(screen.getByLabelText('Explanation (English, html)'), '<p>Cashback</p>');
    expect(screen.getAllByText('Not translated: members see the Thai text.')).toHaveLength(1);
    fireEvent.press(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('22/11/2026 09:00:00 provider down')).toBeTruthy();
    fireEvent.press(screen.getByRole('button', { name: 'Close the period now' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.press(screen.getByRole('button', { name: 'Close now' }));
    expect(await screen.findByText('Period day:2026-11-23@x closed: 12.50 for 1 member(s).')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/operator/refund/close-period')).toBe(true));
  });

  it('support sees no edit, close or runs', async () => {
    const calls = api('support');
    renderWithProviders(<RewardsPage />);
    expect(await screen.findByText(/5\.5% of net loss/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close the period now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit settings' })).toBeNull();
    expect(calls.some((c) => c.path.includes('/runs'))).toBe(false);
  });
});
