// Metro config: Expo defaults plus ES module import support, which production tree shaking
// (EXPO_UNSTABLE_TREE_SHAKING in the build scripts) needs to drop unused exports.
const path = require('path');
const { getDefaultConfig } = require('expo/metro-config');

const config = getDefaultConfig(__dirname);

config.transformer.getTransformOptions = async () => ({
  transform: { experimentalImportSupport: true },
});

// The web fonts are WOFF2 subsets (scripts/make-fonts.js).
config.resolver.assetExts = [...config.resolver.assetExts, 'woff2'];

// `ngern-default-locale` is the translation bundled into the first load: Lao in the Laos build
// (NGERN_LAOS=1), Thai otherwise. The other languages are separate chunks loaded on demand.
const laos = process.env.NGERN_LAOS === '1' || process.env.EXPO_PUBLIC_NGERN_LAOS === '1';
const defaultLocaleFile = path.join(__dirname, 'src/i18n/locales', laos ? 'la.json' : 'th.json');
// On the web the app's own `expo-router` imports go to src/lib/expo-router-web.ts, which takes
// only what the screens use (see there); the package's internals are untouched.
const appSource = path.join(__dirname, 'src') + path.sep;
const slimRouter = path.join(__dirname, 'src/lib/expo-router-web.ts');
const resolveRequest = config.resolver.resolveRequest;
config.resolver.resolveRequest = (context, moduleName, platform) => {
  if (moduleName === 'ngern-default-locale') return { type: 'sourceFile', filePath: defaultLocaleFile };
  if (
    platform === 'web' &&
    moduleName === 'expo-router' &&
    context.originModulePath.startsWith(appSource) &&
    context.originModulePath !== slimRouter
  ) {
    return { type: 'sourceFile', filePath: slimRouter };
  }
  return (resolveRequest ?? context.resolveRequest)(context, moduleName, platform);
};

module.exports = config;
