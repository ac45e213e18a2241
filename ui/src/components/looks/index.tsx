import { lazy, Suspense } from 'react';

import type { LookProps } from './looks';

// Only this line sits in the shared chunk; the looks are a chunk of their own (looks.tsx). Jest
// cannot run the dynamic import: src/testing/setup.ts answers the module itself.
const Lazy = lazy(() => import('./looks'));

/** Look is a bank badge, a skeleton or a fallback picture (looks.tsx); nothing until its code arrives. */
export function Look(props: LookProps) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
