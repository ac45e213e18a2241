// Jest setup: an in-memory secure store, the app's i18n, and a router stub.
import { configure } from '@testing-library/react-native';

import i18n from '@/i18n';

// findBy*/waitFor wait up to 5 s (the library's default is 1 s): a screen whose lazy parts resolve
// on a loaded 2-core machine can take longer than a second, and a wait that ends early fails a
// correct screen. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// The app loads non-default languages as separate chunks (dynamic import), which jest does not
// run; the tests switch languages freely, so all three are registered up front.
for (const [lng, translation] of Object.entries({
  th: require('@/i18n/locales/th.json'),
  la: require('@/i18n/locales/la.json'),
  en: require('@/i18n/locales/en.json'),
})) {
  i18n.addResourceBundle(lng, 'translation', translation);
}

jest.mock('expo-secure-store', () => {
  const store = new Map<string, string>();
  return {
    __store: store,
    getItemAsync: jest.fn(async (key: string) => store.get(key) ?? null),
    setItemAsync: jest.fn(async (key: string, value: string) => {
      store.set(key, value);
    }),
    deleteItemAsync: jest.fn(async (key: string) => {
      store.delete(key);
    }),
  };
});

// expo-video is a native module: a fake player (testing/expo-video.tsx) that the tests drive.
jest.mock('expo-video', () => require('./expo-video'));

jest.mock('expo-router', () => {
  const router = { replace: jest.fn(), push: jest.fn(), back: jest.fn() };
  return {
    __router: router,
    useRouter: () => router,
    usePathname: () => '/',
    useLocalSearchParams: () => ({}),
    Redirect: () => null,
    Slot: () => null,
  };
});

// Jest cannot run the dynamic import of the home's spin tile: the home shows its fallback tile
// (features/spin/components/spin-widget.test.tsx tests the tile itself).
jest.mock('@/features/spin/lazy', () => ({
  LazySpinWidget: ({ fallback }: { fallback: React.ReactNode }) => fallback,
}));

// Jest cannot run the dynamic import that brings the banner carousel to the bonus page and to the
// invite and cashback flows: the loader answers the module itself (components/banner-carousel
// tests the carousel).
// The looks (bank badges, skeletons, fallback pictures) come by a dynamic import too: the loader
// renders them at once.
jest.mock('@/components/looks', () => ({ Look: jest.requireActual('@/components/looks/looks').default }));

// The wallet's and the chat's texts come by a dynamic import (textsChunk): the loaders answer the
// texts themselves, loaded before every test file's tests, as the app's main texts are.
jest.mock('@/i18n/wallet/load', () => ({ loadWalletTexts: () => Promise.resolve(jest.requireActual('@/i18n/wallet/texts')) }));
jest.mock('@/features/chat/i18n/load', () => ({ loadChatTexts: () => Promise.resolve(jest.requireActual('@/features/chat/i18n/texts')) }));
beforeAll(async () => {
  await Promise.all([require('@/i18n/wallet').ensureWalletTexts(), require('@/features/chat/i18n').ensureChatTexts()]);
});

jest.mock('@/components/load-banner-carousel', () => ({
  loadBannerCarousel: () => Promise.resolve({ default: jest.requireActual('@/components/banner-carousel/banner-carousel').BannerCarousel }),
}));
