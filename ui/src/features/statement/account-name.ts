/** The ledger accounts a statement item may name besides games, each translated under statement.accounts. */
export const fixedAccounts = ['WALLET', 'BANK', 'ADJUSTMENT', 'BONUS', 'PROMOTION', 'DEPOSIT', 'SPIN', 'REFUND', 'INVITE'] as const;

/**
 * statementAccountName is how a statement shows an account code: a fixed account translated, a game
 * by its name when the games are loaded, else the code.
 */
export function statementAccountName(code: string, t: (key: string) => string, games?: readonly { code: string; name: string }[]): string {
  if ((fixedAccounts as readonly string[]).includes(code)) return t(`statement.accounts.${code}`);
  return games?.find((g) => g.code === code)?.name ?? code;
}
