// Replaces expo-router/build/link/Link.js in the browser bundle (not in pre-rendering). The app
// never renders expo-router's <Link> (its menus navigate with the router); the start-up code
// reaches this file only from expo-router's own "Unmatched Route" page, which the app's
// +not-found.tsx replaces, and from redirects configured in app.config (none). It pulled in link
// previews and their elements. Redirect stays the real one.
const { unavailable } = require('./unavailable');
const { Redirect } = require('expo-router/build/link/Redirect');

exports.Link = unavailable('expo-router Link');
exports.Redirect = Redirect;
