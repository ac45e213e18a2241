import { startTransition, useEffect, useState } from 'react';

let hydratedOnce = false;

/**
 * useHydrated is false while the server pre-renders a page and while the browser hydrates it
 * (the first render must give the pre-rendered HTML again), then true; on any later mount it
 * is true at once. A screen that the server renders without what only the browser knows (the
 * stored token) renders nothing until then, instead of failing hydration (React error 418,
 * which throws the pre-rendered tree away and renders it all again). The switch is a
 * transition, so React renders the screen in slices that leave the page responsive rather than
 * in one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
