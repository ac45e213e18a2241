// Replaces expo-router/build/native-tabs/NativeTabTrigger.js on the web: the app has no
// <NativeTabs>, so no layout child is ever a native tab trigger.
const { unavailable } = require('./unavailable');

exports.NativeTabTrigger = unavailable('expo-router NativeTabs.Trigger');
exports.isNativeTabTrigger = () => false;
exports.convertTabPropsToOptions = () => ({});
