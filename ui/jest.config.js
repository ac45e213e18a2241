/** @type {import('jest').Config} */
module.exports = {
  preset: 'jest-expo',
  roots: ['<rootDir>/src', '<rootDir>/scripts', '<rootDir>/web-shims'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    // metro.config.js picks the build's default language; the tests run the Thai build.
    '^ngern-default-locale$': '<rootDir>/src/i18n/locales/th.json',
    '\\.woff2$': '<rootDir>/src/testing/woff2-url.js',
  },
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|@expo-google-fonts/.*|react-navigation|@react-navigation/.*|react-native-svg|i18next|react-i18next|@tanstack/.*)',
  ],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx', '**/scripts/*.test.js', '**/web-shims/*.test.js'],
  // Flow tests render whole screens; a loaded 2-core machine needs more than
  // jest's 5 s default.
  testTimeout: 30_000,
};
