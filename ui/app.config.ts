import type { ConfigContext, ExpoConfig } from 'expo/config';

// The brand's colours have one home, the theme's palette; the icons and splash are made by
// scripts/brand-assets.js from assets/brand (docs/ui.md "Brand").
import colors from './src/components/ui/palette.json';

// The Laos build is a build-time variant: NGERN_LAOS=1 (or EXPO_PUBLIC_NGERN_LAOS=1).
const laos = process.env.NGERN_LAOS === '1' || process.env.EXPO_PUBLIC_NGERN_LAOS === '1';
if (laos) {
  // Inlined into the bundle by babel-preset-expo, read by src/lib/config.ts.
  process.env.EXPO_PUBLIC_NGERN_LAOS = '1';
}

const appId = laos ? 'app.ngern.wallet.laos' : 'app.ngern.wallet';

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: 'Ngern',
  slug: 'ngern-wallet',
  scheme: 'ngern',
  version: '1.1.14',
  orientation: 'portrait',
  icon: './assets/images/icon.png',
  userInterfaceStyle: 'light',
  ios: {
    bundleIdentifier: appId,
    buildNumber: '1',
    supportsTablet: true,
  },
  android: {
    package: appId,
    versionCode: 1,
    adaptiveIcon: {
      foregroundImage: './assets/images/adaptive-icon.png',
      backgroundColor: colors.primary,
    },
  },
  web: {
    bundler: 'metro',
    output: 'static',
    favicon: './assets/images/favicon.png',
    lang: laos ? 'lo' : 'th',
    name: 'Ngern',
    themeColor: colors.primary,
  },
  plugins: [
    // asyncRoutes on the web splits every route file into its own chunk: a route added later
    // (e.g. the operator console) never joins the first load. Native bundles stay whole.
    ['expo-router', { root: './src/app', asyncRoutes: { web: 'production', default: false }, sitemap: false }],
    'expo-font',
    'expo-secure-store',
    // The chat's attachments (and the deposit slip) come from the photo library only: no
    // camera, no microphone.
    [
      'expo-image-picker',
      {
        photosPermission: 'Ngern uses your photos only to send a picture or video you choose to support or as a deposit slip.',
        cameraPermission: false,
        microphonePermission: false,
      },
    ],
    // "Save image" of a deposit QR adds the picture to the photo library (write only; only
    // pictures): banking apps read payment QRs from there.
    [
      'expo-media-library',
      {
        photosPermission: 'Ngern uses your photos only to send a picture or video you choose to support or as a deposit slip.',
        savePhotosPermission: 'Ngern saves the deposit QR code you ask it to save to your photos, for your banking app.',
        granularPermissions: ['photo'],
        isAccessMediaLocationEnabled: false,
      },
    ],
    // The how-to videos play in the app's modal (expo-video); nothing plays in the background or
    // picture in picture, so neither asks the system for anything.
    ['expo-video', { supportsBackgroundPlayback: false, supportsPictureInPicture: false }],
    [
      'expo-splash-screen',
      {
        image: './assets/images/splash.png',
        imageWidth: 200,
        resizeMode: 'contain',
        backgroundColor: colors.primary,
      },
    ],
  ],
  experiments: {
    typedRoutes: false,
  },
  extra: {
    laos,
    apiUrl: process.env.EXPO_PUBLIC_API_URL ?? null,
  },
});
