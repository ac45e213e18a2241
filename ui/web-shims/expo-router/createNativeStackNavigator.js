// Replaces expo-router/build/fork/native-stack/createNativeStackNavigator.js on the web: the app
// lays its routes out with <Slot> only, so no native stack navigator is ever created.
const { unavailable } = require('./unavailable');

exports.createNativeStackNavigator = () => ({
  Navigator: unavailable('expo-router Stack'),
  Screen: unavailable('expo-router Stack.Screen'),
  Group: unavailable('expo-router Stack.Group'),
});
