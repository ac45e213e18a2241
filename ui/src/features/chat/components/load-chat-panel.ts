// The chat panel (socket, history, composer) is its own chunk, fetched after the page has
// painted, so that the first load of a screen does not carry it.
export const loadChatPanel = () => import('./chat-panel');
