// The contact routes reach the chat only through this loader: the widget (and, from it, the
// panel) are chunks of their own, fetched once the page has rendered, so neither is part of the
// shared chunk that every page, /login included, loads (docs/ui.md, route splitting).
import { lazy, Suspense } from 'react';

const Widget = lazy(() => import('./components/chat-widget').then((m) => ({ default: m.ChatWidget })));

/** LazyChatWidget renders the chat widget once its code has arrived (nothing until then). */
export function LazyChatWidget() {
  return (
    <Suspense fallback={null}>
      <Widget />
    </Suspense>
  );
}
