// The parts of expo-router the app's screens use, imported from their own modules. On the web,
// metro.config.js resolves the app's `import … from 'expo-router'` to this file: the package's
// index re-exports every navigator (tabs, stacks, toolbars, link previews…), and as it is
// CommonJS, tree shaking cannot drop them. A screen that needs another export adds it here;
// src/lib/expo-router-web.test.ts fails until it does. Native builds import expo-router as it is.
export { Navigator, Slot } from 'expo-router/build/views/Navigator';
export { Redirect } from 'expo-router/build/link/Redirect';
export { useRouter } from 'expo-router/build/hooks/useRouter';
export { usePathname } from 'expo-router/build/hooks/usePathname';
export { useSegments } from 'expo-router/build/hooks/useSegments';
export { useLocalSearchParams } from 'expo-router/build/hooks/useLocalSearchParams';
export { useGlobalSearchParams } from 'expo-router/build/hooks/useGlobalSearchParams';
export { router } from 'expo-router/build/imperative-api';
export type { Href } from 'expo-router';
