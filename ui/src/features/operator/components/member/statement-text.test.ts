import i18n from 'i18next';

import type { StatementLine } from '../../api/types';
import { consoleNs } from '../../i18n';

import { statementDescription, statementType } from './statement-text';

const round: StatementLine = {
  _id: 'round:sim:r1',
  statementType: 'game_round',
  from: 'WALLET',
  to: 'sim',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-22T02:00:00Z',
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
  },
};

describe('statement lines in the console', () => {
  it('reads a seamless round in English', () => {
    const t = i18n.getFixedT('en', consoleNs);
    expect(statementType(round, t)).toBe('Game round · Lucky Koi');
    expect(statementDescription(round, t)).toBe(
      'sim:r1 · Bet 100.00 · Bet 30.00 (rolled back) · Bet returned 30.00 · Win 250.00 · net +150.00',
    );
  });

  it.each(['th', 'la', 'en'])('names every type and movement kind the server sends in %s', (lng) => {
    const t = i18n.getFixedT(lng, consoleNs);
    for (const type of ['deposit', 'withdraw', 'transfer', 'bonus', 'finish_bonus', 'game_round']) {
      expect(statementType({ ...round, statementType: type, round: undefined }, t)).not.toBe(type);
    }
    const text = statementDescription(round, t);
    expect(text).not.toMatch(/\b(bet|win|rollback)\b|member\./);
  });

  it('keeps an unknown type and a plain description as they are', () => {
    const t = i18n.getFixedT('en', consoleNs);
    const line = { ...round, statementType: 'something_new', round: undefined, description: 'why' };
    expect(statementType(line, t)).toBe('something_new');
    expect(statementDescription(line, t)).toBe('why');
  });
});
