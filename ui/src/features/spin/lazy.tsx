// The home's spin tile loads the spin feature with a dynamic import, so that /login's first load
// does not carry it (docs/ui.md). Jest cannot run dynamic imports: src/testing/setup.ts replaces
// this module with one that shows the fallback tile.
import { lazy, Suspense } from 'react';

import type { SpinTile } from './components/spin-widget';

export type { SpinTile };

const Widget = lazy(() => import('./components/spin-widget').then((m) => ({ default: m.SpinWidget })));

type Props = {
  coin: number;
  onRefreshAll: () => void;
  renderTile: (tile: SpinTile) => React.ReactNode;
  /** fallback is shown until the spin feature has loaded. */
  fallback: React.ReactNode;
};

export function LazySpinWidget({ fallback, ...props }: Props) {
  return (
    <Suspense fallback={fallback}>
      <Widget {...props} />
    </Suspense>
  );
}
