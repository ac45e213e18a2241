// Metro config: Expo defaults plus ES module import support, which production tree shaking
// (EXPO_UNSTABLE_TREE_SHAKING in the build scripts) needs to drop unused exports.
const { getDefaultConfig } = require('expo/metro-config');

const config = getDefaultConfig(__dirname);

config.transformer.getTransformOptions = async () => ({
  transform: { experimentalImportSupport: true },
});

module.exports = config;
