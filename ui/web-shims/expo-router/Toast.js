// Replaces expo-router/build/views/Toast.js on the web: its notices are development-only.
const { unavailable } = require('./unavailable');

exports.CODE_FONT = 'monospace';
exports.Toast = unavailable('expo-router Toast');
exports.ToastWrapper = unavailable('expo-router ToastWrapper');
