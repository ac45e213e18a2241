// Routes under app/operator load console code through this, so it arrives in its own chunk
// when the console is opened and never with the member app.
import { lazy, Suspense, type ComponentType } from 'react';

import { LazyFallback } from '@/components/lazy-fallback';

export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyConsolePage() {
    return (
      <Suspense fallback={<LazyFallback />}>
        <Page />
      </Suspense>
    );
  };
}
