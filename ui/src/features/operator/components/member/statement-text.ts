import type { TFunction } from 'i18next';

import type { StatementLine } from '../../api/types';
import { money } from '../ui';

/** statementType names a statement line's type in the operator's language, the raw type when unknown. */
export function statementType(s: StatementLine, t: TFunction): string {
  const label = t(`member.types.${s.statementType}`, { defaultValue: s.statementType });
  return s.round ? `${label} · ${s.round.gameName}` : label;
}

/**
 * statementDescription names a line as the member's statement does, in the operator's language (the
 * console's own texts of the server's sources and methods: the statement's texts stay in the member
 * statement's chunk): its source ("Adjustment by staff", "Lucky draw"), a deposit's method and channel ("Deposit · QR payment ·
 * WW"), a bonus's code. The journal's memo shows only where a person wrote it, labelled as such: an
 * adjustment's reason, a withdrawal's rejection or payout failure. For a seamless game round: its round
 * id, its bets, wins and rollbacks (the game_bet, game_win and game_rollback journals) by name, and its net.
 */
export function statementDescription(s: StatementLine, t: TFunction): string {
  const r = s.round;
  if (!r) return lineName(s, t);
  const moves = r.movements.map(
    (m) =>
      `${t(`member.moves.${m.kind}`, { defaultValue: m.kind })} ${money(m.amount)}${m.rolledBack ? ` (${t('member.rolledBack')})` : ''}`,
  );
  return [`${r.provider}:${r.round}`, ...moves, t('member.net', { amount: `${r.net > 0 ? '+' : ''}${money(r.net)}` })].join(' · ');
}

/** lineName is the description of a line that is not a game round. */
function lineName(s: StatementLine, t: TFunction): string {
  const memo = s.description ?? '';
  const parts = s.source ? [t(`member.sources.${s.source}`, { defaultValue: s.source })] : [];
  if (s.method) parts.push(t(`member.methods.${s.method}`, { defaultValue: s.method }), s.channel ?? '');
  if (s.statementType === 'bonus' || s.statementType === 'finish_bonus') {
    parts.push(memo); // the bonus's or promotion's code
  } else if (s.source === 'adjustment' || (s.statementType === 'withdraw' && !s.source)) {
    if (memo) parts.push(t('member.writtenReason', { text: memo }));
  }
  return parts.filter(Boolean).join(' · ');
}
