import type { Bonus } from './api/bonus';
import { cardState, countedReceipts, fillNotice, periodStart } from './receipts';

const bonus = (over: Partial<Bonus>): Bonus => ({
  _id: 'DAILY',
  code: 'DAILY',
  name: 'Daily',
  type: 'day',
  maxReceived: 1,
  percentFail: 10,
  successPercent: 200,
  amount: 20,
  percent: 0,
  cap: 0,
  minDeposit: 0,
  firstDepositOfDay: false,
  banners: [],
  receivedOut: false,
  userBonus: null,
  ...over,
});

describe('receipts counted in Asia/Bangkok', () => {
  it.each([
    ['day, 23:59:59 Bangkok', 'day', '2026-11-23T16:59:59Z', '2026-11-22T17:00:00Z'],
    ['day, midnight Bangkok', 'day', '2026-11-23T17:00:00Z', '2026-11-23T17:00:00Z'],
    ['week, Sunday 23:30 Bangkok', 'week', '2026-11-29T16:30:00Z', '2026-11-22T17:00:00Z'],
    ['week, Monday 00:00 Bangkok', 'week', '2026-11-29T17:00:00Z', '2026-11-29T17:00:00Z'],
  ] as const)('%s', (_, type, now, start) => {
    expect(new Date(periodStart(type, new Date(now))).toISOString()).toBe(new Date(start).toISOString());
  });

  it('counts a daily receipt until midnight in Bangkok', () => {
    const b = bonus({ userBonus: { _id: 'x', isActive: false, received: [{ updatedAt: '2026-11-23T10:00:00Z' }] } });
    expect(countedReceipts(b, new Date('2026-11-23T16:59:59Z'))).toBe(1);
    expect(cardState(b, new Date('2026-11-23T16:59:59Z'))).toBe('received');
    expect(cardState(b, new Date('2026-11-23T17:00:00Z'))).toBe('available');
  });

  it('shows the active bonus as current and a limit bonus received for good', () => {
    const received = { _id: 'x', isActive: false, received: [{ updatedAt: '2020-01-01T00:00:00Z' }] };
    expect(cardState(bonus({ userBonus: { ...received, isActive: true } }), new Date())).toBe('current');
    expect(cardState(bonus({ type: 'limit', userBonus: received }), new Date())).toBe('received');
  });

  it('fills %percentFail%', () => {
    expect(fillNotice('below %percentFail%% ends it', 10)).toBe('below 10% ends it');
  });
});
