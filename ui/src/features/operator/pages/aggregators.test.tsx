import { screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import AggregatorsPage, { countRows, refused } from './aggregators';

const window = (calls: number, p99Ms: number, counts: { kind: 'bet' | 'win' | 'rollback'; outcome: string; count: number }[]) => ({
  calls,
  p99Ms,
  counts,
});

const figures = {
  provider: 'sim',
  hour: window(3, 5, [
    { kind: 'bet', outcome: 'applied', count: 2 },
    { kind: 'bet', outcome: 'insufficient', count: 1 },
  ]),
  day: window(5, 20, [
    { kind: 'bet', outcome: 'applied', count: 3 },
    { kind: 'bet', outcome: 'insufficient', count: 1 },
    { kind: 'win', outcome: 'error', count: 1 },
  ]),
};

describe('aggregators page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it('counts refusals and lays out one row per kind and outcome', () => {
    expect(refused(figures.day)).toBe(2);
    expect(countRows([figures])).toEqual([
      { provider: 'sim', kind: 'bet', outcome: 'applied', hour: 2, day: 3 },
      { provider: 'sim', kind: 'bet', outcome: 'insufficient', hour: 1, day: 1 },
      { provider: 'sim', kind: 'win', outcome: 'error', hour: 0, day: 1 },
    ]);
  });

  it('lists the configured aggregators without key material, and the callbacks of this node', async () => {
    mockApi({
      'GET /api/operator/seamless/aggregators': {
        body: {
          aggregators: [
            { code: 'hub88', kind: 'hub88', mode: 'production', url: 'https://api.hub88.example', allowList: false, keys: true },
            { code: 'sim', kind: 'sim', mode: 'demo', url: '/sim/aggregator', allowList: false, keys: true },
          ],
        },
      },
      'GET /api/operator/seamless/providers': { body: { providers: [figures], since: '2026-11-27T01:00:00Z' } },
    });
    renderWithProviders(<AggregatorsPage />);
    expect(await screen.findByText('https://api.hub88.example')).toBeTruthy();
    expect(screen.getByText('Production')).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(await screen.findByText('≤ 20 ms')).toBeTruthy();
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(screen.getByText('Server error (retried)')).toBeTruthy();
    // Read-only: nothing to press but the exports.
    const buttons = screen.queryAllByRole('button').map((b) => b.props.accessibilityLabel as string);
    expect(buttons.every((l) => l.startsWith('Export CSV'))).toBe(true);
  });
});
