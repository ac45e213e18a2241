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

  // The sources the statement's journals and receipts carry, and the deposit methods of the
  // server's StatementLine.method enum (adapters/httpapi/openapi.yaml).
  it.each(['th', 'la', 'en'])('names every source and deposit method in %s', (lng) => {
    const t = i18n.getFixedT(lng, consoleNs);
    for (const source of ['bonus', 'promotion', 'invite', 'refund', 'spin_prize', 'adjustment', 'deposit']) {
      expect(t(`member.sources.${source}`)).not.toMatch(/^member\./);
    }
    const methods: NonNullable<StatementLine['method']>[] = ['slip', 'gift', 'qr', 'bank_transfer'];
    for (const method of methods) expect(t(`member.methods.${method}`)).not.toMatch(/^member\./);
  });

  it('keeps an unknown type as it is', () => {
    const t = i18n.getFixedT('en', consoleNs);
    const line = { ...round, statementType: 'something_new', round: undefined, description: 'why' };
    expect(statementType(line, t)).toBe('something_new');
  });
});

// Lines as GET /api/operator/members/{id}/statement sends them: the journal's memo is English and
// internal ("qr deposit WW", "spin CASH50"); the console names a line as the member's statement does.
const plain = { ...round, round: undefined, from: 'DEPOSIT', to: 'WALLET', source: null, description: null };
const lines: [string, StatementLine, string, string][] = [
  [
    'a QR deposit by its method and provider',
    { ...plain, statementType: 'deposit', source: 'deposit', method: 'qr', channel: 'WW', description: 'qr deposit WW' },
    'Deposit · QR payment · WW',
    'ຝາກເງິນ · ຊຳລະຜ່ານ QR · WW',
  ],
  [
    "a bank transfer by the sender's bank",
    {
      ...plain,
      statementType: 'deposit',
      source: 'deposit',
      method: 'bank_transfer',
      channel: 'KBANK',
      description: 'bank transfer KBANK',
    },
    'Deposit · Bank transfer · KBANK',
    'ຝາກເງິນ · ໂອນຜ່ານທະນາຄານ · KBANK',
  ],
  [
    'a slip deposit',
    { ...plain, statementType: 'deposit', source: 'deposit', method: 'slip', description: 'slip deposit 0812345678' },
    'Deposit · Slip',
    'ຝາກເງິນ · ສະລິບໂອນເງິນ',
  ],
  [
    "an adjustment with the operator's reason, labelled",
    { ...plain, statementType: 'deposit', from: 'ADJUSTMENT', source: 'adjustment', description: 'goodwill after outage' },
    'Adjustment by staff · Reason: goodwill after outage',
    'ປັບຍອດໂດຍພະນັກງານ · ເຫດຜົນ: goodwill after outage',
  ],
  [
    'a spin prize without its memo',
    { ...plain, statementType: 'deposit', from: 'SPIN', source: 'spin_prize', description: 'spin CASH50' },
    'Lucky draw',
    'ວົງລໍ້ນຳໂຊກ',
  ],
  [
    'a bonus with its code',
    { ...plain, statementType: 'bonus', from: 'BONUS', source: 'bonus', description: 'WELCOME' },
    'Bonus · WELCOME',
    'ໂບນັດ · WELCOME',
  ],
  [
    'a rejected withdrawal with its reason',
    { ...plain, statementType: 'withdraw', from: 'WALLET', to: 'BANK', status: 'FAILED', description: 'account name differs' },
    'Reason: account name differs',
    'ເຫດຜົນ: account name differs',
  ],
  [
    'a transfer, which has nothing more to say',
    { ...plain, statementType: 'transfer', from: 'WALLET', to: 'slot1', description: '' },
    '',
    '',
  ],
];

describe('a statement line named as the member reads it', () => {
  it.each(lines)('%s', (_name, line, english, lao) => {
    expect(statementDescription(line, i18n.getFixedT('en', consoleNs))).toBe(english);
    expect(statementDescription(line, i18n.getFixedT('la', consoleNs))).toBe(lao);
  });
});
