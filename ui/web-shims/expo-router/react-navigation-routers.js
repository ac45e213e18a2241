// Replaces expo-router/build/react-navigation/routers/index.js in the browser bundle (not in
// pre-rendering). The index requires every router, and being CommonJS it keeps them all; the
// app lays routes out with <Slot> (a stack router) only, so the tab and drawer routers never run.
// This keeps the names expo-router's start-up code reads, each taken lazily from its own module.
// web-shims.test.js checks that every name read from the routers index is here.
const from = {
  BaseRouter: ['react-navigation/routers/BaseRouter.js', 'BaseRouter'],
  CommonActions: ['react-navigation/routers/CommonActions.js', '*'],
  StackActions: ['react-navigation/routers/StackRouter.js', 'StackActions'],
  StackRouter: ['react-navigation/routers/StackRouter.js', 'StackRouter'],
};

Object.defineProperty(exports, '__esModule', { value: true });
for (const [name, [file, original]] of Object.entries(from)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => (original === '*' ? load(file) : load(file)[original]),
  });
}

// Metro needs every require's path written out: one case per file.
function load(file) {
  switch (file) {
    case 'react-navigation/routers/BaseRouter.js':
      return require('expo-router/build/react-navigation/routers/BaseRouter');
    case 'react-navigation/routers/CommonActions.js':
      return require('expo-router/build/react-navigation/routers/CommonActions');
    case 'react-navigation/routers/StackRouter.js':
      return require('expo-router/build/react-navigation/routers/StackRouter');
    default:
      throw new Error(`unknown module ${file}`);
  }
}
