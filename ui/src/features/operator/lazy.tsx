// Routes under app/operator load the console through consolePage: one dynamic import of one
// module, so the whole console is one chunk fetched when a console address is opened and never
// part of the member app's first load (a module shared by several lazy chunks would be hoisted
// into the common chunk that every page loads).
import { lazy, Suspense, type ComponentType } from 'react';

import { LazyFallback } from '@/components/lazy-fallback';

type Console = typeof import('./console');

export function consolePage(name: keyof Console): ComponentType {
  const Page = lazy(() => import('./console').then((m) => ({ default: m[name] as ComponentType })));
  return function LazyConsolePage() {
    return (
      <Suspense fallback={<LazyFallback />}>
        <Page />
      </Suspense>
    );
  };
}
