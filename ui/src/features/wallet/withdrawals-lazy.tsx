// The withdraw modal reaches its "Recent withdrawals" list only through this loader: the list, its
// texts and its call are a chunk of their own, fetched when the modal opens, so that no first load
// carries them (docs/performance.md, the 200 kB budget of /login). Jest cannot run the dynamic
// import: tests mock this module with the list itself.
import { lazyWithRetry } from '@/components/lazy-boundary';

/** LazyRecentWithdrawals is the member's recent withdrawals list once its code has arrived. */
export const LazyRecentWithdrawals = lazyWithRetry(() =>
  import('./withdrawals/recent-withdrawals').then((m) => ({ default: m.RecentWithdrawals })),
);
