// On the web the browser's <img> draws SVG as well as PNG or JPEG: Picture is React Native Web's
// Image, so the web bundles are what they were. Android and iOS draw SVG through react-native-svg
// (picture.native.tsx).
export { Image as Picture } from 'react-native';
