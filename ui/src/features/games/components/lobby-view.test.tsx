import { fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { readItem, removeItem, storageKeys } from '@/lib/storage';
import { mockApi, renderWithProviders, routerMock } from '@/testing/render';

import type { LobbyGame } from '../api/get-lobby';

import { LobbyView, filterGames } from './lobby-view';

jest.mock('@/lib/open-link', () => ({
  openLink: jest.fn(async () => undefined),
  openLinkFrom: jest.fn(async (get: () => Promise<string>) => {
    await get();
  }),
}));

const game = (over: Partial<LobbyGame>): LobbyGame => ({
  provider: 'sim',
  code: 'g',
  name: 'Game',
  category: 'slot',
  image: '/sim/aggregator/img/g.svg',
  mode: 'seamless',
  studio: 'Ngern Demo',
  demo: true,
  ...over,
});

const games = [
  game({ code: 'lucky-7', name: 'Lucky Seven' }),
  game({ code: 'baccarat', name: 'Baccarat', category: 'casino' }),
  game({ provider: 'hub88', code: 'pp_wolf', name: 'Wolf Gold', studio: 'Pragmatic Play' }),
  game({ provider: 'SIAMSLOT', code: 'SIAMSLOT', name: 'Siam Slot', mode: 'transfer', studio: '', demo: false }),
];

const names = () => screen.queryAllByTestId(/^game-/).map((n) => n.props.testID as string);

describe('LobbyView', () => {
  beforeEach(() => {
    i18n.changeLanguage('en');
    removeItem(storageKeys.recentGames);
  });

  it('draws the project art for a game without a picture of its own', async () => {
    mockApi({ 'GET /api/games/lobby': { body: { games: [game({ code: 'lucky-7', name: 'Lucky Seven', image: '' }), games[2]] } } });
    renderWithProviders(<LobbyView />);
    expect(await screen.findByText('Lucky Seven')).toBeTruthy();
    expect(screen.getAllByTestId('art-game')).toHaveLength(1);
  });

  it('lists the games with tabs, a search and a provider filter', async () => {
    mockApi({ 'GET /api/games/lobby': { body: { games } } });
    renderWithProviders(<LobbyView />);
    expect(await screen.findByText('Lucky Seven')).toBeTruthy();
    expect(names()).toHaveLength(4);

    fireEvent.press(screen.getByTestId('games-tab-casino'));
    expect(names()).toEqual(['game-sim-baccarat']);

    fireEvent.press(screen.getByTestId('games-tab-all'));
    fireEvent.changeText(screen.getByTestId('games-search'), 'wolf');
    expect(names()).toEqual(['game-hub88-pp_wolf']);

    fireEvent.changeText(screen.getByTestId('games-search'), 'zzz');
    expect(screen.getByText('No games match.')).toBeTruthy();
  });

  it('launches a seamless game in the app language and remembers it as recently played', async () => {
    const calls = mockApi({
      'GET /api/games/lobby': { body: { games } },
      'POST /api/games/sim/lucky-7/launch': { body: { url: '/sim/aggregator/play/abc' } },
    });
    const open = jest.requireMock('@/lib/open-link') as { openLinkFrom: jest.Mock };
    renderWithProviders(<LobbyView />);
    fireEvent.press(await screen.findByRole('button', { name: 'Play Lucky Seven' }));
    await waitFor(() => expect(open.openLinkFrom).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Recently played')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/games/sim/lucky-7/launch?lang=en');
    expect(JSON.parse(readItem(storageKeys.recentGames) ?? '[]')).toEqual(['sim/lucky-7']);
  });

  it('says why a launch failed', async () => {
    mockApi({
      'GET /api/games/lobby': { body: { games } },
      'POST /api/games/sim/lucky-7/launch': { status: 502, body: { message: 'PROVIDER_UNAVAILABLE' } },
    });
    renderWithProviders(<LobbyView />);
    fireEvent.press(await screen.findByRole('button', { name: 'Play Lucky Seven' }));
    expect(await screen.findByText(i18n.t('errorMsg.PROVIDER_UNAVAILABLE'))).toBeTruthy();
  });

  it('sends a transfer game to its game account on the home screen', async () => {
    mockApi({ 'GET /api/games/lobby': { body: { games } } });
    renderWithProviders(<LobbyView />);
    fireEvent.press(await screen.findByRole('button', { name: 'Open Siam Slot from its game account on the home screen' }));
    expect(routerMock().push).toHaveBeenCalledWith('/user/home');
  });
});

describe('filterGames', () => {
  it.each([
    ['all', '', '', 4],
    ['slot', '', '', 3],
    ['slot', 'Pragmatic Play', '', 1],
    ['all', 'SIAMSLOT', '', 1],
    ['all', '', 'SIAM', 1],
    ['lotto', '', '', 0],
  ] as const)('%s / %s / %s → %d', (category, provider, search, n) => {
    expect(filterGames(games, category, provider, search)).toHaveLength(n);
  });
});
