// expo-router/build/<key> → the replacement in this folder, on the web only (metro.config.js):
// `shims` in every web bundle, `browserShims` in the browser bundle only (pre-rendering keeps
// the original).
module.exports = {
  shims: {
    'views/Toast.js': 'Toast.js',
    'views/Sitemap.js': 'Sitemap.js',
    'fork/native-stack/createNativeStackNavigator.js': 'createNativeStackNavigator.js',
    'layouts/stack-utils/index.js': 'stack-utils.js',
    'native-tabs/NativeTabTrigger.js': 'NativeTabTrigger.js',
    'screensFeatureFlags.js': 'screensFeatureFlags.js',
  },
  browserShims: {
    'head/ExpoHead.js': 'ExpoHead.js',
    'link/Link.js': 'Link.js',
    'react-navigation/native/index.js': 'react-navigation-native.js',
    'react-navigation/routers/index.js': 'react-navigation-routers.js',
  },
};
