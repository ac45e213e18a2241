// Replaces expo-router/build/screensFeatureFlags.js on the web: it sets react-native-screens'
// native (iOS/Android) experiment flags, which do nothing in a browser; requiring the package
// whole bundled its web views and react-native-web's Animated with them.
exports.initScreensFeatureFlags = () => {};
