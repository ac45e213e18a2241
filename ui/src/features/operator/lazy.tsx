// Routes under app/operator load the console through consolePage: one dynamic import of one
// module, so the whole console is one chunk fetched when a console address is opened and never
// part of the member app's first load (a module shared by several lazy chunks would be hoisted
// into the common chunk that every page loads).
import { type ComponentType } from 'react';

import { lazyWithRetry } from '@/components/lazy-boundary';
import { LazyFallback } from '@/components/lazy-fallback';

type Console = typeof import('./console');

export function consolePage(name: keyof Console): ComponentType {
  return lazyWithRetry(() => import('./console').then((m) => ({ default: m[name] as ComponentType })), { fallback: <LazyFallback /> });
}
