import { defineConfig } from '@playwright/test';

/**
 * Not a test suite: the frontend benchmark (frontend.bench.ts), run by run.mjs (`npm run bench:frontend`). One
 * backend serving both built apps, Debian's Chromium as in the browser tests, one worker.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.bench\.ts$/,
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 600_000,
  reporter: [['list']],
  use: {
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
