// The home's spin tile loads the spin feature with a dynamic import, so that /login's first load
// does not carry it (docs/ui.md). Jest cannot run dynamic imports: src/testing/setup.ts replaces
// this module with one that shows the fallback tile.
import { lazyWithRetry } from '@/components/lazy-boundary';

import type { SpinTile } from './components/spin-widget';

export type { SpinTile };

type Props = {
  coin: number;
  onRefreshAll: () => void;
  renderTile: (tile: SpinTile) => React.ReactNode;
  /** fallback is shown until the spin feature has loaded. */
  fallback: React.ReactNode;
};

/** LazySpinWidget is the spin tile once its code has arrived (a retry in its place if it fails). */
export const LazySpinWidget = lazyWithRetry(() => import('./components/spin-widget').then((m) => ({ default: m.SpinWidget })), {
  fallback: (props: Props) => props.fallback,
});
