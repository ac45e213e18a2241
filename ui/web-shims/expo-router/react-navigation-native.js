// Replaces expo-router/build/react-navigation/native/index.js in the browser bundle (not in
// pre-rendering). expo-router's start-up code reads the names below from its copy of React
// Navigation's index, which also re-exports (and so bundles) what the app never runs on the web:
// static navigation, the server container, <Link> and its hooks, scroll-to-top, the dark theme,
// and React Navigation's own linking and container (expo-router uses its forks of those).
// Each name is taken, lazily as the original does, from the module that defines it.
// web-shims.test.js checks that every name expo-router's start-up code reads is here.
const from = {
  BaseNavigationContainer: ['react-navigation/core/BaseNavigationContainer.js', 'BaseNavigationContainer'],
  DefaultTheme: ['react-navigation/native/theming/DefaultTheme.js', 'DefaultTheme'],
  LinkingContext: ['react-navigation/native/LinkingContext.js', 'LinkingContext'],
  LocaleDirContext: ['react-navigation/native/LocaleDirContext.js', 'LocaleDirContext'],
  StackRouter: ['react-navigation/routers/StackRouter.js', 'StackRouter'],
  ThemeProvider: ['react-navigation/core/theming/ThemeProvider.js', 'ThemeProvider'],
  UNSTABLE_UnhandledLinkingContext: ['react-navigation/native/UnhandledLinkingContext.js', 'UnhandledLinkingContext'],
  createNavigatorFactory: ['react-navigation/core/createNavigatorFactory.js', 'createNavigatorFactory'],
  findFocusedRoute: ['react-navigation/core/findFocusedRoute.js', 'findFocusedRoute'],
  getActionFromState: ['react-navigation/core/getActionFromState.js', 'getActionFromState'],
  getPathFromState: ['react-navigation/core/getPathFromState.js', 'getPathFromState'],
  getStateFromPath: ['react-navigation/core/getStateFromPath.js', 'getStateFromPath'],
  useNavigation: ['react-navigation/core/useNavigation.js', 'useNavigation'],
  useNavigationBuilder: ['react-navigation/core/useNavigationBuilder.js', 'useNavigationBuilder'],
  useNavigationContainerRef: ['react-navigation/core/useNavigationContainerRef.js', 'useNavigationContainerRef'],
  useNavigationIndependentTree: ['react-navigation/core/useNavigationIndependentTree.js', 'useNavigationIndependentTree'],
  useRoute: ['react-navigation/core/useRoute.js', 'useRoute'],
  useStateForPath: ['react-navigation/core/useStateForPath.js', 'useStateForPath'],
  validatePathConfig: ['react-navigation/core/validatePathConfig.js', 'validatePathConfig'],
};

Object.defineProperty(exports, '__esModule', { value: true });
for (const [name, [file, original]] of Object.entries(from)) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => load(file)[original] });
}

// Metro needs every require's path written out: one case per file.
function load(file) {
  switch (file) {
    case 'react-navigation/core/BaseNavigationContainer.js':
      return require('expo-router/build/react-navigation/core/BaseNavigationContainer');
    case 'react-navigation/core/createNavigatorFactory.js':
      return require('expo-router/build/react-navigation/core/createNavigatorFactory');
    case 'react-navigation/core/findFocusedRoute.js':
      return require('expo-router/build/react-navigation/core/findFocusedRoute');
    case 'react-navigation/core/getActionFromState.js':
      return require('expo-router/build/react-navigation/core/getActionFromState');
    case 'react-navigation/core/getPathFromState.js':
      return require('expo-router/build/react-navigation/core/getPathFromState');
    case 'react-navigation/core/getStateFromPath.js':
      return require('expo-router/build/react-navigation/core/getStateFromPath');
    case 'react-navigation/core/theming/ThemeProvider.js':
      return require('expo-router/build/react-navigation/core/theming/ThemeProvider');
    case 'react-navigation/core/useNavigation.js':
      return require('expo-router/build/react-navigation/core/useNavigation');
    case 'react-navigation/core/useNavigationBuilder.js':
      return require('expo-router/build/react-navigation/core/useNavigationBuilder');
    case 'react-navigation/core/useNavigationContainerRef.js':
      return require('expo-router/build/react-navigation/core/useNavigationContainerRef');
    case 'react-navigation/core/useNavigationIndependentTree.js':
      return require('expo-router/build/react-navigation/core/useNavigationIndependentTree');
    case 'react-navigation/core/useRoute.js':
      return require('expo-router/build/react-navigation/core/useRoute');
    case 'react-navigation/core/useStateForPath.js':
      return require('expo-router/build/react-navigation/core/useStateForPath');
    case 'react-navigation/core/validatePathConfig.js':
      return require('expo-router/build/react-navigation/core/validatePathConfig');
    case 'react-navigation/native/LinkingContext.js':
      return require('expo-router/build/react-navigation/native/LinkingContext');
    case 'react-navigation/native/LocaleDirContext.js':
      return require('expo-router/build/react-navigation/native/LocaleDirContext');
    case 'react-navigation/native/UnhandledLinkingContext.js':
      return require('expo-router/build/react-navigation/native/UnhandledLinkingContext');
    case 'react-navigation/native/theming/DefaultTheme.js':
      return require('expo-router/build/react-navigation/native/theming/DefaultTheme');
    case 'react-navigation/routers/StackRouter.js':
      return require('expo-router/build/react-navigation/routers/StackRouter');
    default:
      throw new Error(`unknown module ${file}`);
  }
}
