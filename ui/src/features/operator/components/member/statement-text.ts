import type { TFunction } from 'i18next';

import type { StatementLine } from '../../api/types';
import { money } from '../ui';

/** statementType names a statement line's type in the operator's language, the raw type when unknown. */
export function statementType(s: StatementLine, t: TFunction): string {
  const label = t(`member.types.${s.statementType}`, { defaultValue: s.statementType });
  return s.round ? `${label} · ${s.round.gameName}` : label;
}

/**
 * statementDescription is a line's description; for a seamless game round, its round id, its bets, wins
 * and rollbacks (the game_bet, game_win and game_rollback journals) by name, and its net.
 */
export function statementDescription(s: StatementLine, t: TFunction): string {
  const r = s.round;
  if (!r) return s.description ?? '';
  const moves = r.movements.map(
    (m) =>
      `${t(`member.moves.${m.kind}`, { defaultValue: m.kind })} ${money(m.amount)}${m.rolledBack ? ` (${t('member.rolledBack')})` : ''}`,
  );
  return [`${r.provider}:${r.round}`, ...moves, t('member.net', { amount: `${r.net > 0 ? '+' : ''}${money(r.net)}` })].join(' · ');
}
