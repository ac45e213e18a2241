import i18n from '@/i18n';
import './i18n'; // the statement's texts, which the statement's modules add when they load

import { fixedAccounts, sourceKey, statementAccountName } from './account-name';

describe('statementAccountName', () => {
  it.each(['th', 'la', 'en'])('translates every fixed account in %s, DEPOSIT included', async (lng) => {
    await i18n.changeLanguage(lng);
    for (const code of fixedAccounts) {
      const name = statementAccountName(code, i18n.t);
      expect(name).not.toBe(code);
      expect(name).not.toMatch(/^statement\./);
    }
    expect(i18n.exists('statement.sources.deposit')).toBe(true);
  });

  // What the server's statement can name (docs/api.md, Statement): every one is a label in each language.
  const serverAccounts = ['WALLET', 'BANK', 'ADJUSTMENT', 'DEPOSIT', 'SPIN', 'BONUS', 'PROMOTION', 'REFUND', 'INVITE'];
  const serverSources = ['adjustment', 'deposit', 'spin_prize', 'bonus', 'promotion', 'refund', 'invite'];
  const serverTypes = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer', 'game_round'];
  it.each(['th', 'la', 'en'])('names every account, source and type the server sends in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    for (const code of serverAccounts) expect(statementAccountName(code, i18n.t)).not.toMatch(/^[A-Z_]+$|^statement\./);
    for (const s of serverSources) expect(i18n.exists(sourceKey(s))).toBe(true);
    for (const s of serverTypes) expect(i18n.exists(`statement.types.${s}`)).toBe(true);
  });

  it('names games by their name, else by code', async () => {
    await i18n.changeLanguage('en');
    expect(statementAccountName('DEPOSIT', i18n.t)).toBe('Deposit');
    expect(statementAccountName('SLOT1', i18n.t, [{ code: 'SLOT1', name: 'Siam Slot' }])).toBe('Siam Slot');
    expect(statementAccountName('SLOT2', i18n.t)).toBe('SLOT2');
  });
});
