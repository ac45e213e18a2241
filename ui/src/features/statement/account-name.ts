/**
 * The ledger accounts a statement item may name besides games: each translated under
 * statement.accounts, or named by the source it stands for (sourceOfAccount).
 */
export const fixedAccounts = ['WALLET', 'BANK', 'ADJUSTMENT', 'BONUS', 'PROMOTION', 'DEPOSIT', 'SPIN', 'REFUND', 'INVITE'] as const;

/** Accounts and sources that are named like another source (one text each, kept in the member tables). */
const sameAs: Record<string, string> = { SPIN: 'luckydraw', REFUND: 'refund', INVITE: 'invite', spin_prize: 'luckydraw' };

/** sourceKey is the translation key of a statement source (spin_prize reads as the lucky draw). */
export function sourceKey(source: string): string {
  return `statement.sources.${sameAs[source] ?? source}`;
}

/**
 * statementAccountName is how a statement shows an account code: a fixed account translated, a game
 * by its name when the games are loaded, else the code.
 */
export function statementAccountName(code: string, t: (key: string) => string, games?: readonly { code: string; name: string }[]): string {
  if (sameAs[code]) return t(sourceKey(code));
  if ((fixedAccounts as readonly string[]).includes(code)) return t(`statement.accounts.${code}`);
  return games?.find((g) => g.code === code)?.name ?? code;
}
