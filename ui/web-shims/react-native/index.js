// react-native for the web build's CommonJS libraries (expo-router, expo-asset, expo-constants…).
// metro.config.js resolves `require('react-native')` in a CommonJS file of node_modules here, on
// the web only. A CommonJS require keeps every export of the module it names, so through
// react-native-web's index it would bundle all of react-native-web (Animated, the virtualized lists,
// the touchables…) whatever the library reads. This file re-exports react-native-web module by module
// (as babel-plugin-react-native-web does for ES imports), never through its index:
// the names below are the ones kept; the app's own code imports react-native-web with ES imports
// and keeps what it uses. The names in `leftOut` are ones no CommonJS library of this web build
// reads (nor the app on the web); using one throws, naming this folder.
// The keys of both lists together are exactly react-native-web's exports (index.test.ts checks).
export { default as unstable_createElement } from 'react-native-web/dist/exports/createElement';
export { default as findNodeHandle } from 'react-native-web/dist/exports/findNodeHandle';
export { default as processColor } from 'react-native-web/dist/exports/processColor';
export { default as NativeModules } from 'react-native-web/dist/exports/NativeModules';
export { default as Appearance } from 'react-native-web/dist/exports/Appearance';
export { default as AppRegistry } from 'react-native-web/dist/exports/AppRegistry';
export { default as AppState } from 'react-native-web/dist/exports/AppState';
export { default as AssetRegistry } from 'react-native-web/dist/exports/AssetRegistry';
export { default as Dimensions } from 'react-native-web/dist/exports/Dimensions';
export { default as I18nManager } from 'react-native-web/dist/exports/I18nManager';
export { default as Linking } from 'react-native-web/dist/exports/Linking';
export { default as PixelRatio } from 'react-native-web/dist/exports/PixelRatio';
export { default as Platform } from 'react-native-web/dist/exports/Platform';
export { default as StyleSheet } from 'react-native-web/dist/exports/StyleSheet';
export { default as ActivityIndicator } from 'react-native-web/dist/exports/ActivityIndicator';
export { default as Image } from 'react-native-web/dist/exports/Image';
export { default as Modal } from 'react-native-web/dist/exports/Modal';
export { default as Pressable } from 'react-native-web/dist/exports/Pressable';
export { default as ScrollView } from 'react-native-web/dist/exports/ScrollView';
export { default as StatusBar } from 'react-native-web/dist/exports/StatusBar';
export { default as Text } from 'react-native-web/dist/exports/Text';
export { default as TextInput } from 'react-native-web/dist/exports/TextInput';
export { default as View } from 'react-native-web/dist/exports/View';
export { default as useColorScheme } from 'react-native-web/dist/exports/useColorScheme';
export { default as useLocaleContext } from 'react-native-web/dist/exports/useLocaleContext';
export { default as useWindowDimensions } from 'react-native-web/dist/exports/useWindowDimensions';

import { leftOut, unavailable } from './left-out';

export const Animated = unavailable('Animated');
export const Easing = unavailable('Easing');
export const FlatList = unavailable('FlatList');
export const SectionList = unavailable('SectionList');
export const VirtualizedList = unavailable('VirtualizedList');
export const PanResponder = unavailable('PanResponder');
export const Switch = unavailable('Switch');
export const CheckBox = unavailable('CheckBox');
export const Picker = unavailable('Picker');
export const ProgressBar = unavailable('ProgressBar');
export const KeyboardAvoidingView = unavailable('KeyboardAvoidingView');
export const ImageBackground = unavailable('ImageBackground');
export const RefreshControl = unavailable('RefreshControl');
export const Touchable = unavailable('Touchable');
export const TouchableHighlight = unavailable('TouchableHighlight');
export const TouchableNativeFeedback = unavailable('TouchableNativeFeedback');
export const TouchableOpacity = unavailable('TouchableOpacity');
export const TouchableWithoutFeedback = unavailable('TouchableWithoutFeedback');
export const Button = unavailable('Button');
export const Share = unavailable('Share');
export const LayoutAnimation = unavailable('LayoutAnimation');
export const Vibration = unavailable('Vibration');
export const YellowBox = unavailable('YellowBox');
export const LogBox = unavailable('LogBox');
export const InputAccessoryView = unavailable('InputAccessoryView');
export const AccessibilityInfo = unavailable('AccessibilityInfo');
export const Alert = unavailable('Alert');
export const BackHandler = unavailable('BackHandler');
export const Clipboard = unavailable('Clipboard');
export const Keyboard = unavailable('Keyboard');
export const InteractionManager = unavailable('InteractionManager');
export const NativeEventEmitter = unavailable('NativeEventEmitter');
export const SafeAreaView = unavailable('SafeAreaView');
export const render = unavailable('render');
export const unmountComponentAtNode = unavailable('unmountComponentAtNode');
export const DeviceEventEmitter = unavailable('DeviceEventEmitter');
export const UIManager = unavailable('UIManager');
export { leftOut };
