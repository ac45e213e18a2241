// The contact routes reach the chat only through this loader: the widget (and, from it, the
// panel) are chunks of their own, fetched once the page has rendered, so neither is part of the
// shared chunk that every page, /login included, loads (docs/ui.md, route splitting).
import { lazyWithRetry } from '@/components/lazy-boundary';

/** LazyChatWidget renders the chat widget once its code has arrived (nothing until then). */
export const LazyChatWidget = lazyWithRetry(() => import('./components/chat-widget').then((m) => ({ default: m.ChatWidget })));
