import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Not a test suite: `npm run docs:screenshots --workspace admin-console` seeds a backend with a realistic pipeline,
 * writes docs/screenshots/admin-*.png and measures the console's first load.
 */
export default defineConfig({
  ...base,
  testMatch: /.*\.docs\.ts$/,
  // One file: one worker, one backend.
  workers: 1,
  reporter: [['list']],
  timeout: 600_000,
});
