// Metro config: Expo defaults plus ES module import support, which production tree shaking
// (EXPO_UNSTABLE_TREE_SHAKING in the build scripts) needs to drop unused exports.
const fs = require('fs');
const path = require('path');
const { getDefaultConfig } = require('expo/metro-config');

const config = getDefaultConfig(__dirname);

config.transformer.getTransformOptions = async () => ({
  transform: { experimentalImportSupport: true },
});

// Text outside ASCII (the Thai or Lao translation that the first load carries) is emitted as
// UTF-8 rather than \uXXXX escapes: about 0.45 kB less brotli on /login's first load
// (docs/performance.md). The pages declare UTF-8 and the server sends scripts as UTF-8, and a
// script without a charset of its own is read in its page's encoding.
const minifierConfig = config.transformer.minifierConfig;
config.transformer.minifierConfig = { ...minifierConfig, output: { ...minifierConfig.output, ascii_only: false } };

// The web fonts are WOFF2 subsets (scripts/make-fonts.js).
config.resolver.assetExts = [...config.resolver.assetExts, 'woff2'];

// `ngern-default-locale` is the translation bundled into the first load: Lao in the Laos build
// (NGERN_LAOS=1), Thai otherwise. The other languages are separate chunks loaded on demand.
const laos = process.env.NGERN_LAOS === '1' || process.env.EXPO_PUBLIC_NGERN_LAOS === '1';
const defaultLocaleFile = path.join(__dirname, 'src/i18n/locales', laos ? 'la.json' : 'th.json');
// While scripts/prerender-languages.js exports the pages in another language
// (NGERN_RENDER_LOCALE), the pre-rendering bundle (environment "node") carries that language
// instead; the browser bundles stay the same bytes.
const renderLocale = process.env.NGERN_RENDER_LOCALE;
const renderLocaleFile = renderLocale && path.join(__dirname, 'src/i18n/locales', `${renderLocale}.json`);
// On the web the app's own `expo-router` imports go to src/lib/expo-router-web.ts, which takes
// only what the screens use (see there); the package's internals are untouched.
const appSource = path.join(__dirname, 'src') + path.sep;
const slimRouter = path.join(__dirname, 'src/lib/expo-router-web.ts');
// On the web, expo-router internals the app never renders (development notices, the sitemap,
// native stack and native tabs) resolve to the small replacements in web-shims/expo-router; see
// the README there. The key is the file's path inside expo-router/build.
const routerBuild = path.dirname(require.resolve('expo-router/build/ExpoRoot.js')) + path.sep;
const routerShims = path.join(__dirname, 'web-shims/expo-router');
const { shims: webRouterShims, browserShims: browserRouterShims } = require('./web-shims/expo-router/shims');
// On the web, `require('react-native')` in a CommonJS file of node_modules (which
// babel-plugin-react-native-web turns into `require('react-native-web/dist/index')`) resolves to
// web-shims/react-native, which re-exports react-native-web module by module (see there): a
// CommonJS require of react-native-web's index would keep all of it.
const reactNativeNames = new Set(['react-native', 'react-native-web', 'react-native-web/dist/index']);
const nodeModules = path.sep + 'node_modules' + path.sep;
const rnShim = path.join(__dirname, 'web-shims/react-native/index.js');
const commonJS = new Map();
function isCommonJS(file) {
  if (!commonJS.has(file)) {
    let src = '';
    try {
      src = fs.readFileSync(file, 'utf8');
    } catch {
      // An unreadable file is taken as not CommonJS: Metro reports it itself.
    }
    commonJS.set(file, /\brequire\(\s*["']react-native["']\s*\)/.test(src));
  }
  return commonJS.get(file);
}
// On the web the app's `@tanstack/react-query` imports go to web-shims/tanstack-react-query.js
// (see there), whose deep imports of the package's modules resolve to their files.
const queryShim = path.join(__dirname, 'web-shims/tanstack-react-query.js');
const queryCoreShim = path.join(__dirname, 'web-shims/tanstack-query-core.js');
const queryModules = /^@tanstack\/(react-query|query-core)\/build\/modern\/[\w.-]+\.js$/;
const reactQueryBuild = path.dirname(require.resolve('@tanstack/react-query/package.json')) + path.sep;
const resolveRequest = config.resolver.resolveRequest;
config.resolver.resolveRequest = (context, moduleName, platform) => {
  if (
    platform === 'web' &&
    reactNativeNames.has(moduleName) &&
    // The browser bundle only: the build's pre-rendering bundle (environment "node") loads the
    // whole expo-router index, whose navigators read react-native-web's Animated at start-up.
    context.customResolverOptions?.environment !== 'node' &&
    context.originModulePath.includes(nodeModules) &&
    isCommonJS(context.originModulePath)
  ) {
    return { type: 'sourceFile', filePath: rnShim };
  }
  const resolved = resolveDefault(context, moduleName, platform);
  if (platform === 'web' && resolved.type === 'sourceFile' && resolved.filePath.startsWith(routerBuild)) {
    const key = resolved.filePath.slice(routerBuild.length).split(path.sep).join('/');
    const shim = webRouterShims[key] ?? (context.customResolverOptions?.environment !== 'node' ? browserRouterShims[key] : undefined);
    if (shim) return { type: 'sourceFile', filePath: path.join(routerShims, shim) };
  }
  return resolved;
};
function resolveDefault(context, moduleName, platform) {
  if (moduleName === 'ngern-default-locale') {
    const render = renderLocaleFile && context.customResolverOptions?.environment === 'node';
    return { type: 'sourceFile', filePath: render ? renderLocaleFile : defaultLocaleFile };
  }
  if (platform === 'web' && moduleName === '@tanstack/react-query' && context.originModulePath.startsWith(appSource)) {
    return { type: 'sourceFile', filePath: queryShim };
  }
  if (platform === 'web' && moduleName === '@tanstack/query-core' && context.originModulePath.startsWith(reactQueryBuild)) {
    return { type: 'sourceFile', filePath: queryCoreShim };
  }
  if (
    platform === 'web' &&
    (context.originModulePath === queryShim || context.originModulePath === queryCoreShim) &&
    queryModules.test(moduleName)
  ) {
    const [, pkg, ...rest] = moduleName.split('/');
    return { type: 'sourceFile', filePath: path.join(path.dirname(require.resolve(`@tanstack/${pkg}/package.json`)), ...rest) };
  }
  if (
    platform === 'web' &&
    moduleName === 'expo-router' &&
    context.originModulePath.startsWith(appSource) &&
    context.originModulePath !== slimRouter
  ) {
    return { type: 'sourceFile', filePath: slimRouter };
  }
  return (resolveRequest ?? context.resolveRequest)(context, moduleName, platform);
}

module.exports = config;
