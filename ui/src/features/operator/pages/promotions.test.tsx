import { fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { setOperatorToken } from '@/lib/operator-token';
import { mockApi, renderWithProviders } from '@/testing/render';

import { progressShare } from '../components/promotions/forms';
import PromotionsPage from './promotions';

const welcome = {
  code: 'WELCOME',
  name: 'Welcome bonus',
  banners: [],
  type: 'limit',
  maxReceived: 1,
  amount: 100,
  percent: 0,
  cap: 0,
  minDeposit: 0,
  firstDepositOfDay: false,
  newMemberDays: 0,
  percentFail: 10,
  successPercent: 300,
  validFrom: null,
  validTo: null,
  active: true,
  sort: 1,
};
const condition = {
  _id: 'c1',
  memberId: 'm1',
  phone: '0811111111',
  name: 'Somchai',
  source: 'bonus',
  code: 'WELCOME',
  type: 'limit',
  amount: 100,
  base: 200,
  target: 600,
  minimum: 20,
  progress: 310,
  total: 310,
  play: 110,
  createdAt: '2026-11-22T02:00:00Z',
};

const api = (role: string, extra = {}) =>
  mockApi({
    'GET /api/operator/me': { body: { username: 'op', role } },
    'GET /api/operator/bonuses': { body: { bonuses: [welcome] } },
    'GET /api/operator/promotions': {
      body: {
        promotions: [
          {
            code: 'NGERN50',
            description: '',
            amount: 50,
            percentFail: 10,
            successPercent: 200,
            limitTotal: 0,
            limitPerMember: 1,
            used: 3,
            validFrom: null,
            validTo: null,
            active: true,
          },
        ],
      },
    },
    'GET /api/operator/conditions': { body: { conditions: [condition] } },
    ...extra,
  });

describe('promotions page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setOperatorToken('OPT');
  });

  it.each([
    [20, 0],
    [310, 50],
    [600, 100],
    [700, 100],
  ])('progress %d is %d%% of the way', (progress, share) => expect(progressShare({ minimum: 20, target: 600, progress })).toBe(share));

  it('lists conditions with progress; finance ends one after confirming', async () => {
    const calls = api('finance', { 'POST /api/operator/conditions/c1/end': { body: { message: 'SUCCESS' } } });
    renderWithProviders(<PromotionsPage />);
    expect(await screen.findByText('20.00 – 600.00')).toBeTruthy();
    expect(screen.getByText('310.00')).toBeTruthy();
    fireEvent.press(await screen.findByRole('button', { name: 'End and take back the condition of Somchai' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.press(screen.getByRole('button', { name: 'Yes, end it' }));
    expect(await screen.findByText('The condition of Somchai has ended.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ forfeit: true });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  it('support reads but cannot edit or end', async () => {
    api('support');
    renderWithProviders(<PromotionsPage />);
    expect(await screen.findByText('Welcome bonus')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New bonus' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit WELCOME' })).toBeNull();
    expect(screen.queryByRole('button', { name: /End the condition/ })).toBeNull();
  });

  it('creates a bonus: checks the form, then posts it', async () => {
    const calls = api('owner', { 'POST /api/operator/bonuses': { body: { message: 'SUCCESS' } } });
    renderWithProviders(<PromotionsPage />);
    fireEvent.press(await screen.findByRole('button', { name: 'New bonus' }));
    fireEvent.changeText(screen.getByLabelText('Code'), 'daily2');
    fireEvent.changeText(screen.getByLabelText('Name'), 'Daily two');
    expect(screen.getByText('Give either a fixed amount or a percent of the deposit.')).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText('Fixed amount (THB)'), '20');
    fireEvent.changeText(screen.getByLabelText('Banners'), 'https://img/x.png | <p>Hi</p>');
    fireEvent.press(screen.getAllByRole('button', { name: 'Save' })[0]);
    expect(await screen.findByText('Bonus DAILY2 saved.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/operator/bonuses');
    expect(post.body).toMatchObject({
      code: 'DAILY2',
      name: 'Daily two',
      type: 'limit',
      amount: 20,
      percent: 0,
      maxReceived: 1,
      banners: [{ image: 'https://img/x.png', html: '<p>Hi</p>' }],
    });
  });
});
