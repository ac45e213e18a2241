// Which console pages each role sees. The server refuses anyway (403 FORBIDDEN_ROLE); this only
// keeps the menu honest. A new area adds its page here and a route under app/operator/.
export const roles = ['owner', 'finance', 'support'] as const;
export type Role = (typeof roles)[number];

export type ConsolePage = {
  key: string;
  path: string;
  roles: readonly Role[];
};

const all: readonly Role[] = roles;
const money: readonly Role[] = ['owner', 'finance'];
const owner: readonly Role[] = ['owner'];
const support: readonly Role[] = ['owner', 'support'];

export const consolePages: readonly ConsolePage[] = [
  { key: 'dashboard', path: '/operator/dashboard', roles: all },
  { key: 'members', path: '/operator/members', roles: all },
  { key: 'chat', path: '/operator/chat', roles: support },
  { key: 'withdrawals', path: '/operator/withdrawals', roles: money },
  // Automatic payouts of approved withdrawals; the unknown ones wait here for an operator.
  { key: 'payouts', path: '/operator/payouts', roles: money },
  { key: 'slips', path: '/operator/slips', roles: money },
  { key: 'deposits', path: '/operator/deposits', roles: money },
  { key: 'adjustments', path: '/operator/adjustments', roles: money },
  { key: 'settings', path: '/operator/settings', roles: all },
  // The owners' auto-approval rules of withdrawals (a change waits for a second owner).
  { key: 'autoWithdraw', path: '/operator/auto-withdraw', roles: owner },
  { key: 'games', path: '/operator/games', roles: owner },
  { key: 'reconciliation', path: '/operator/reconciliation', roles: money },
  // Seamless aggregators: their configuration and callbacks, and the round search (every role reads).
  { key: 'aggregators', path: '/operator/aggregators', roles: all },
  { key: 'rounds', path: '/operator/rounds', roles: all },
  // Their synced game catalogue: on or off and order, the owners' like the transfer games'.
  { key: 'catalogue', path: '/operator/catalogue', roles: owner },
  { key: 'reports', path: '/operator/reports', roles: money },
  { key: 'promotions', path: '/operator/promotions', roles: all },
  { key: 'rewards', path: '/operator/rewards', roles: all },
  { key: 'spin', path: '/operator/spin', roles: all },
  { key: 'audit', path: '/operator/audit', roles: owner },
  { key: 'operators', path: '/operator/operators', roles: owner },
  // Changes that wait for a second owner (four-eyes settings, QR secrets, operator accounts).
  { key: 'changes', path: '/operator/changes', roles: owner },
];

/** Actions inside pages that not every role with the page may take. */
export const actionRoles = {
  lockMember: ['owner', 'support'],
  revokeSessions: ['owner', 'support'],
  approveWithdrawal: money,
  editPromotions: money,
  editBanks: owner,
  editQRProviders: money,
  // A QR provider's API key and webhook secret: an owner proposes, a second owner approves.
  editQRSecrets: owner,
  editSpin: money,
  // A seamless aggregator's switch, IP allow-list and shared secret (applied at once, audited).
  editAggregators: owner,
  // Resolving a stuck seamless round; a refund above the approval threshold is the owners' alone.
  resolveRound: money,
  // Resolving a payout whose outcome is unknown; above the approval threshold the owners' alone.
  resolvePayout: money,
} as const satisfies Record<string, readonly Role[]>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export function can(role: Role | undefined, allowed: readonly Role[]): boolean {
  return !!role && allowed.includes(role);
}

/** pagesFor lists the pages a role sees, in menu order. */
export function pagesFor(role: Role | undefined): ConsolePage[] {
  return consolePages.filter((p) => can(role, p.roles));
}

/** pageAt finds the page a console path belongs to (member pages belong to members). */
export function pageAt(pathname: string): ConsolePage | undefined {
  return consolePages.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
}
