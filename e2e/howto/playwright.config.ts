import { defineConfig } from '@playwright/test';

import base from '../playwright.config';

// The how-to videos' generator (make howto-videos): the same server and browser
// as the browser tests, one flow after another, each recorded at a phone's size (record.spec.ts).
export default defineConfig({
  ...base,
  testDir: '.',
  timeout: 300_000,
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results/howto',
  globalSetup: '../lib/global-setup.ts',
  globalTeardown: '../lib/global-teardown.ts',
});
