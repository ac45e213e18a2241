import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import CataloguePage, { byProvider, sortOf } from './catalogue';

const game = (provider: string, code: string, name: string, over: object = {}) => ({
  provider,
  code,
  name,
  category: 'slot' as const,
  aggregatorCategory: 'slot' as const,
  categoryOverride: '' as const,
  studio: '',
  image: `https://img.example/${code}.png`,
  demo: false,
  enabled: true,
  listed: true,
  configured: true,
  sort: 0,
  syncedAt: '2026-11-27T02:00:00Z',
  ...over,
});

const games = [
  game('sim', 'fruits', 'Fruits'),
  game('hub88', 'aviator', 'Aviator', { listed: false, sort: 3, category: 'casino', aggregatorCategory: 'casino' }),
];

describe('game catalogue page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('groups by aggregator and reads the order typed in', () => {
    expect(byProvider(games, ['sim']).map(([p, g]) => [p, g.length])).toEqual([
      ['hub88', 1],
      ['sim', 1],
    ]);
    expect(sortOf('12')).toBe(12);
    expect(sortOf('-1')).toBeNull();
    expect(sortOf('1.5')).toBeNull();
    expect(sortOf('')).toBeNull();
  });

  it('shows each aggregator with its last sync, and saves a game switched off with its order', async () => {
    const calls = mockApi({
      'GET /api/operator/seamless/games': {
        body: {
          games,
          syncs: [
            {
              provider: 'hub88',
              at: '2026-11-27T02:00:00Z',
              games: 0,
              added: 0,
              updated: 0,
              removed: 0,
              error: 'connection refused',
              okAt: '2026-11-27T01:00:00Z',
            },
            { provider: 'sim', at: '2026-11-27T02:00:00Z', games: 1, added: 1, updated: 0, removed: 0, okAt: '2026-11-27T02:00:00Z' },
          ],
        },
      },
      'PUT /api/operator/seamless/games/sim/fruits': { body: { game: games[0] } },
    });
    renderWithProviders(<CataloguePage />);
    expect(await screen.findByText('Fruits')).toBeTruthy();
    expect(screen.getByText(/failed: connection refused/)).toBeTruthy();
    expect(screen.getByText(/1 games \(1 added, 0 updated, 0 removed\)/)).toBeTruthy();
    expect(screen.getByText('No longer listed')).toBeTruthy();
    expect(screen.getByLabelText('Category of Aviator').props.accessibilityValue).toEqual({ text: "Aggregator's (Casino)" });

    const save = screen.getByRole('button', { name: 'Save Fruits' });
    expect(save.props.accessibilityState.disabled).toBe(true);
    fireEvent.press(screen.getByRole('checkbox', { name: 'Fruits in the lobby' }));
    fireEvent.changeText(screen.getByLabelText('Order of Fruits'), 'x');
    expect(screen.getByText('A whole number from 0.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Order of Fruits'), '5');
    fireEvent.press(screen.getByRole('button', { name: 'Save Fruits' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false, sort: 5, category: '' }));
    expect(await screen.findByText('Fruits saved.')).toBeTruthy();
  });

  it("sets a game's category over the aggregator's", async () => {
    const calls = mockApi({
      'GET /api/operator/seamless/games': { body: { games, syncs: [] } },
      'PUT /api/operator/seamless/games/sim/fruits': { body: { game: { ...games[0], category: 'lotto', categoryOverride: 'lotto' } } },
    });
    renderWithProviders(<CataloguePage />);
    fireEvent.press(await screen.findByLabelText('Category of Fruits'));
    fireEvent.press(await screen.findByRole('button', { name: 'Lotto' }));
    fireEvent.press(screen.getByRole('button', { name: 'Save Fruits' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, sort: 0, category: 'lotto' }));
  });

  it('syncs now and shows what changed per aggregator, or its error', async () => {
    const calls = mockApi({
      'GET /api/operator/seamless/games': { body: { games, syncs: [] } },
      'POST /api/operator/seamless/games/sync': {
        body: {
          syncs: [
            { provider: 'hub88', at: '2026-11-27T03:00:00Z', games: 0, added: 0, updated: 0, removed: 0, error: 'timeout' },
            { provider: 'sim', at: '2026-11-27T03:00:00Z', games: 8, added: 2, updated: 1, removed: 3, okAt: '2026-11-27T03:00:00Z' },
          ],
        },
      },
    });
    renderWithProviders(<CataloguePage />);
    fireEvent.press(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('sim: 2 added, 1 updated, 3 removed.')).toBeTruthy();
    expect(screen.getByText('hub88: failed: timeout. Its games are kept.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').length).toBe(1);
  });
});
