// Replaces expo-router/build/layouts/stack-utils/index.js on the web: only <Stack> reads it.
const { unavailable } = require('./unavailable');

exports.StackHeader = unavailable('expo-router Stack.Header');
exports.StackSearchBar = unavailable('expo-router Stack.SearchBar');
exports.StackTitle = unavailable('expo-router Stack.Title');
exports.StackScreen = unavailable('expo-router Stack.Screen');
exports.StackToolbar = unavailable('expo-router Stack.Toolbar');
exports.appendStackTitlePropsToOptions = (options) => options;
exports.appendScreenStackPropsToOptions = (options) => options;
exports.validateStackPresentation = (options) => options;
exports.mapProtectedScreen = (props) => props;
