import { expect, test } from '@playwright/test';
import { AUTH_PAGES, INFO_PAGES, baseUrl, call, rupees, screenshot } from './support';

const PAGES: [string, string][] = [...INFO_PAGES, ...AUTH_PAGES, ['/quickStart', 'Quick start']];

test('every public page opens at its exact path; other spellings are not found', async ({ page }) => {
  for (const [path, heading] of PAGES) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  for (const path of ['/about', '/emicalculator', '/auth/login', '/user/Dashboard', '/No/such/page']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Page not found: ${path}`);
  }
  await screenshot(page, 'not-found');
});

test('the calculator shows the API’s EMI, interest and schedule as the user types', async ({ page }) => {
  await page.goto(`${baseUrl()}/EmiCalculator`);
  await page.getByLabel('Loan amount (₹)').fill('250000');
  await page.getByLabel('Interest rate (% a year)').fill('14.5');
  await page.getByLabel('Tenure (months)').fill('18');
  const quote = await call<{
    emi: number;
    totalInterest: number;
    totalPayable: number;
    schedule: { principal: number; interest: number; balance: number }[];
  }>('GET', '/public/emi?principal=25000000&annualRatePercent=14.5&months=18', null);
  await expect(page.getByTestId('emi')).toHaveText(rupees(quote.emi));
  await expect(page.getByTestId('total-interest')).toHaveText(rupees(quote.totalInterest));
  await expect(page.getByTestId('total-payable')).toHaveText(rupees(quote.totalPayable));
  const rows = page.locator('table.schedule tbody tr');
  await expect(rows).toHaveCount(18);
  const last = quote.schedule[17];
  await expect(rows.last()).toContainText(rupees(last.principal));
  await expect(rows.last()).toContainText(rupees(last.interest));
  await screenshot(page, 'calculator');

  await page.getByLabel('Tenure (months)').fill('0');
  await expect(page.getByText(/^Choose a tenure from \d+ to \d+ months$/)).toBeVisible();
});

test('the public pages fit a 360 px wide phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    for (const [path, name] of [
      ['/', 'phone-home'],
      ['/EmiCalculator', 'phone-calculator'],
      ['/Auth/Register', 'phone-register'],
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/EmiCalculator') await expect(page.getByTestId('emi')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'EMI calculator' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('home page, with the current offer from /api/public/products', async ({ page }) => {
  const [emi] = (await call<{ type: string; annualRatePercent: number }[]>('GET', '/public/products', null)).filter(
    (p) => p.type === 'EMI',
  );
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByRole('complementary', { name: 'Current offer' })).toContainText(`${emi.annualRatePercent}%`);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await screenshot(page, 'home');
});

test('once a newer build is out, the next route change reloads the page', async ({ page }) => {
  await page.goto(`${baseUrl()}/About`);
  await expect(page.getByRole('heading', { level: 1, name: 'About Open Lending' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await page.route('**/version.json', (route) => route.fulfill({ json: { version: 'a-newer-build' } }));
  // The page polls; coming back to the tab checks at once.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.locator('html[data-newer-build="a-newer-build"]')).toBeAttached();

  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact us' }).click();
  await reloaded;
  await expect(page).toHaveURL(`${baseUrl()}/Contact-us`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
});

test('the API serves the portal for deep links but leaves /api, /Admin and /socket.io alone', async () => {
  const portalTitle = '<title>Open Lending: personal loans and salary advances</title>';
  for (const path of ['/', '/User/Loans/3f0c8a3e-7c55-4d8c-9a57-1f1f9b0f2a11', '/no/such/page']) {
    const res = await fetch(`${baseUrl()}${path}`);
    expect(res.status, path).toBe(200);
    expect(await res.text(), path).toContain(portalTitle);
  }
  const api = await fetch(`${baseUrl()}/api/no-such-endpoint`);
  expect(api.status).toBe(404);
  expect(api.headers.get('content-type')).toContain('application/problem+json');
  for (const path of ['/Admin/Dashboard', '/socket.io/?EIO=4&transport=polling']) {
    expect(await (await fetch(`${baseUrl()}${path}`)).text(), path).not.toContain(portalTitle);
  }
  const version = await (await fetch(`${baseUrl()}/version.json`)).json();
  expect(typeof version.version).toBe('string');
});
