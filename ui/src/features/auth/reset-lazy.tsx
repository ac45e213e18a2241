// /login reaches the password reset dialog only through this loader: the dialog, its texts and
// its calls are a chunk of their own, fetched when "Forgot password?" is pressed, so /login's
// first load does not carry them (docs/performance.md, the 200 kB budget). Jest cannot run the
// dynamic import: tests mock this module with the dialog itself.
import { lazyWithRetry } from '@/components/lazy-boundary';

/** LazyResetPasswordModal is the reset dialog once its code has arrived (a retry if it fails). */
export const LazyResetPasswordModal = lazyWithRetry(
  () => import('./reset/reset-password-modal').then((m) => ({ default: m.ResetPasswordModal })),
  { modal: true },
);
