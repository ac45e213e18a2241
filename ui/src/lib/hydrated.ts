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

/**
 * useAfterPaint is false until the screen has been painted with `ready` true, then true (a
 * transition: React renders what it enables in slices). What the first paint of a screen does
 * not need (a widget's code, calls whose answers only add a caption) waits for it, so that
 * neither its requests nor its rendering come before the screen's largest paint.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    // The frame after the next one: the commit that showed `ready` has been painted.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, painted]);
  return painted;
}
