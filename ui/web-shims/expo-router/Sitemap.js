// Replaces expo-router/build/views/Sitemap.js on the web: app.config.ts turns the sitemap off.
const { unavailable } = require('./unavailable');

exports.Sitemap = unavailable('expo-router Sitemap');
exports.getNavOptions = () => ({});
