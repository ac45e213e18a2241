// The game lobby: the feature's one entry point (docs/ui.md, "Structure"). Only the /user/games
// route imports it, so expo-router keeps it out of /login's first load.
export { LobbyView } from './components/lobby-view';
