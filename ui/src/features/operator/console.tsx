// Everything of the console, in one module so that it forms one chunk of its own, loaded when a
// console address is opened (see lazy.tsx). Nothing here is reachable from the member app.
export { default as ConsoleRoot } from './console-root';
export { default as AdjustmentsPage } from './pages/adjustments';
export { default as AggregatorsPage } from './pages/aggregators';
export { default as AuditPage } from './pages/audit';
export { default as AutoWithdrawPage } from './pages/auto-withdraw';
export { default as CataloguePage } from './pages/catalogue';
export { default as ChangesPage } from './pages/changes';
export { default as ChatPage } from './pages/chat';
export { default as DashboardPage } from './pages/dashboard';
export { default as DepositsPage } from './pages/deposits';
export { default as GamesPage } from './pages/games';
export { default as MemberPage } from './pages/member';
export { default as MembersPage } from './pages/members';
export { default as OperatorsPage } from './pages/operators';
export { default as PayoutsPage } from './pages/payouts';
export { default as PromotionsPage } from './pages/promotions';
export { default as ReconciliationPage } from './pages/reconciliation';
export { default as ReportsPage } from './pages/reports';
export { default as RewardsPage } from './pages/rewards';
export { default as RoundsPage } from './pages/rounds';
export { default as SettingsPage } from './pages/settings';
export { default as SlipsPage } from './pages/slips';
export { default as SpinPage } from './pages/spin';
export { default as WithdrawalsPage } from './pages/withdrawals';
