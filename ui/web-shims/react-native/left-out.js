// The react-native-web exports left out of index.js, and what using one of them does.
export const leftOut = [
  'Animated',
  'Easing',
  'FlatList',
  'SectionList',
  'VirtualizedList',
  'PanResponder',
  'Switch',
  'CheckBox',
  'Picker',
  'ProgressBar',
  'KeyboardAvoidingView',
  'ImageBackground',
  'RefreshControl',
  'Touchable',
  'TouchableHighlight',
  'TouchableNativeFeedback',
  'TouchableOpacity',
  'TouchableWithoutFeedback',
  'Button',
  'Share',
  'LayoutAnimation',
  'Vibration',
  'YellowBox',
  'LogBox',
  'InputAccessoryView',
  // Read by none of the CommonJS libraries either (the app's own ES imports keep what it uses).
  'AccessibilityInfo',
  'Alert',
  'BackHandler',
  'Clipboard',
  'Keyboard',
  'InteractionManager',
  'NativeEventEmitter',
  'SafeAreaView',
  'render',
  'unmountComponentAtNode',
  'DeviceEventEmitter',
  'UIManager',
];

/** unavailable stands for a left-out export: calling or rendering it throws, naming this folder. */
export function unavailable(name) {
  function Unavailable() {
    throw new Error(`react-native ${name} is left out of this web build's libraries (ui/web-shims/react-native)`);
  }
  Unavailable.displayName = name;
  return Unavailable;
}
