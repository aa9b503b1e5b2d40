import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser). Two workers, each with a
 * backend of its own (the global setup starts one per worker: @lending/web-common/e2e/backend), so the files of one
 * never meet what the other's change (the business date, close of business); a file's tests run in order.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.e2e\.ts$/,
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 180_000,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/e2e.json' }]],
  use: {
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
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
