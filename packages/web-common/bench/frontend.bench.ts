import { gzipSync } from 'node:zlib';
import { test, type Browser } from '@playwright/test';
import { baseUrl } from '../e2e/backend';
import { againstGoal, BENCH_STAFF, median, record } from './figures';

/**
 * The frontend figures of issue 11, each the median of BENCH_RUNS (default 5) cold loads: a fresh browser context
 * (empty HTTP cache and storage) per load, Chromium headless against the built apps served by the built backend.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SIGN_IN_FORM_GOAL_MS = 1000;
const CONSOLE_FIRST_LOAD_GOAL_MS = 1500;
const PORTAL_PUBLIC_JS_GOAL_KB = 120;

/** The portal's pages reachable signed out (router.tsx), with what each shows once loaded. */
const PORTAL_PUBLIC_PAGES: [string, string][] = [
  ['/', 'Borrow for what matters'],
  ['/About', 'About Open Lending'],
  ['/Contact-us', 'Contact us'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
  ['/Rate-terms', 'Rates and fees'],
  ['/EmiCalculator', 'EMI calculator'],
  ['/Auth/Login', 'Sign in'],
  ['/Auth/Register', 'Create your account'],
  ['/Auth/ForgotPassword', 'Forgot your password?'],
];

declare global {
  interface Window {
    __benchShownAt?: number;
  }
}

/**
 * Milliseconds from navigation start until an element matching `selector`, with text matching `text`, is rendered:
 * noted in the page by a MutationObserver (performance.now() counts from navigation start), so Playwright's own
 * polling adds nothing. `token`: signed in as that staff session.
 */
async function timeUntilShown(browser: Browser, path: string, selector: string, text: RegExp, token?: string): Promise<number> {
  const context = await browser.newContext();
  try {
    if (token) {
      await context.addInitScript((t) => {
        localStorage.setItem('token', t);
        localStorage.setItem('device_id', 'bench-frontend-device');
      }, token);
    }
    await context.addInitScript(
      ({ selector, source }) => {
        const pattern = new RegExp(source);
        const observer = new MutationObserver(() => {
          const element = document.querySelector(selector);
          if (element && element.getClientRects().length > 0 && pattern.test(element.textContent ?? '')) {
            window.__benchShownAt ??= performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      },
      { selector, source: text.source },
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForFunction(() => window.__benchShownAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => window.__benchShownAt!);
  } finally {
    await context.close();
  }
}

async function medianOf(runs: () => Promise<number>): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < RUNS; run++) all.push(Math.round(await runs()));
  return { median: median(all), all };
}

const SIGN_IN_BUTTON = 'form button[type="submit"]';

test('console: sign-in form signed out, and first load signed in', async ({ browser }) => {
  // Warm-up: the first page of a fresh browser also pays for starting its renderer.
  await timeUntilShown(browser, '/Admin/login', SIGN_IN_BUTTON, /Sign in/);

  for (const [path, name] of [
    ['/Admin', 'console_signin_form_at_admin_ms'],
    ['/Admin/Dashboard', 'console_signin_form_at_dashboard_ms'],
  ] as const) {
    const { median: ms, all } = await medianOf(() => timeUntilShown(browser, path, SIGN_IN_BUTTON, /Sign in/));
    record(
      ...againstGoal(
        name,
        ms,
        'ms',
        SIGN_IN_FORM_GOAL_MS,
        `signed out, cold cache: navigation start to the sign-in form rendered, opening ${path}; median of ${RUNS}: ${all.join(', ')} ms`,
      ),
    );
  }

  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...BENCH_STAFF, deviceId: 'bench-frontend-device' }),
  });
  const { token } = (await login.json()) as { token: string };
  const { median: ms, all } = await medianOf(() =>
    timeUntilShown(browser, '/Admin/Dashboard', '[data-testid="status-soft/pending"]', /\d/, token),
  );
  record(
    ...againstGoal(
      'console_first_load_ms',
      ms,
      'ms',
      CONSOLE_FIRST_LOAD_GOAL_MS,
      `signed in, cold cache: navigation start to the dashboard showing its queue counts; median of ${RUNS}: ${all.join(', ')} ms`,
    ),
  );
});

/** gzip -9 size of a script as the server has it (what a gzip-only client would transfer). */
async function gzippedBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

test('portal: JavaScript loaded by each public page', async ({ browser }) => {
  const perPage: { path: string; gzip: number; transferred: number; files: number }[] = [];
  for (const [path, heading] of PORTAL_PUBLIC_PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl() && url.pathname.endsWith('.js') && !scripts.has(url.href))
        scripts.set(
          url.href,
          request.sizes().then((s) => s.responseBodySize),
        );
    });
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: heading }).first().waitFor();
    const urls = [...scripts.keys()];
    const gzip = (await Promise.all(urls.map(gzippedBytes))).reduce((a, b) => a + b, 0);
    const transferred = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
    perPage.push({ path, gzip, transferred, files: urls.length });
    await context.close();
  }
  for (const { path, gzip, transferred, files } of perPage) {
    const slug =
      path === '/'
        ? 'home'
        : path
            .slice(1)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '_');
    record({
      name: `portal_js_gzip_${slug}_kb`,
      value: gzip / 1000,
      unit: 'kB',
      note: `${path}: ${files} scripts, gzip -9; ${(transferred / 1000).toFixed(1)} kB as Chromium received them (brotli)`,
    });
  }
  const largest = perPage.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  record(
    ...againstGoal(
      'portal_public_js_gzip_max_kb',
      largest.gzip / 1000,
      'kB',
      PORTAL_PUBLIC_JS_GOAL_KB,
      `the public page loading the most JavaScript (${largest.path}), gzip -9 of every script it loaded`,
    ),
    {
      name: 'portal_public_js_transferred_max_kb',
      value: Math.max(...perPage.map((p) => p.transferred)) / 1000,
      unit: 'kB',
      note: 'the same pages, bytes as Chromium received them (brotli from the precompressed files)',
    },
  );
});
