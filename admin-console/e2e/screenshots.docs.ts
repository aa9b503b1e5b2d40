import { type Page, expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPS, STAFF } from './users';
import { api, baseUrl, loanRow, signIn } from './support';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(shots, `admin-${name}.png`), fullPage });

const BORROWERS: [string, string, Record<string, unknown>][] = [
  ['Asha Rao', 'soft.pending', { type: 'EMI', amount: 25_000_000, tenureMonths: 24 }],
  ['Vikram Iyer', 'soft.pending', { type: 'salaryAdvance', amount: 3_500_000 }],
  ['Meera Nair', 'soft.pending', { type: 'EMI', amount: 8_000_000, tenureMonths: 12 }],
  ['Arjun Malhotra', 'applied', { type: 'EMI', amount: 15_000_000, tenureMonths: 18 }],
  ['Divya Menon', 'applied', { type: 'salaryAdvance', amount: 2_000_000 }],
  ['Rahul Verma', 'new', { type: 'EMI', amount: 4_500_000, tenureMonths: 6 }],
  ['Sneha Kulkarni', 'bank.pending', { type: 'EMI', amount: 30_000_000, tenureMonths: 36 }],
  ['Imran Sheikh', 'bank.pending', { type: 'salaryAdvance', amount: 5_000_000 }],
  ['Pooja Reddy', 'consent.pending', { type: 'EMI', amount: 12_000_000, tenureMonths: 12 }],
  ['Karthik Subramanian', 'consent.customerpending', { type: 'EMI', amount: 20_000_000, tenureMonths: 24 }],
  ['Neha Gupta', 'final.pending', { type: 'salaryAdvance', amount: 4_000_000 }],
  ['Aditya Joshi', 'disbursal.pending', { type: 'EMI', amount: 9_000_000, tenureMonths: 9 }],
  ['Lakshmi Pillai', 'active', { type: 'EMI', amount: 10_000_000, tenureMonths: 12 }],
  ['Sanjay Bhat', 'active', { type: 'salaryAdvance', amount: 3_000_000 }],
  ['Fatima Khan', 'active', { type: 'EMI', amount: 6_000_000, tenureMonths: 6 }],
  ['Manoj Tiwari', 'rejected', { type: 'EMI', amount: 40_000_000, tenureMonths: 36 }],
];

// The console's screenshots are taken at 1280 px, the desktop width no page may scroll sideways at (issue 28 item 2).
test.use({ viewport: { width: 1280, height: 800 } });

test('screenshots of the main screens and the first-load time', async ({ page, browser }) => {
  const client = api();
  const ids: Record<string, string> = {};
  for (const [name, state, body] of BORROWERS) ids[name] = await client.loanIn(state, await client.borrower(name), body);

  // First load, cold cache, signed in: a fresh context per run, token already stored.
  const token = await client.signIn(STAFF, 'first-load-device');
  const timings: number[] = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('device_id', 'first-load-device');
    }, token);
    const cold = await context.newPage();
    const started = Date.now();
    await cold.goto(`${baseUrl()}/Admin/Dashboard`);
    await expect(cold.getByTestId('status-soft/pending')).toHaveText('3');
    timings.push(Date.now() - started);
    await context.close();
  }
  console.log(`first load of /Admin/Dashboard (cold cache, until the queue counts show): ${timings.join(' ms, ')} ms`);

  await page.goto(`${baseUrl()}/Admin/login`);
  await shot(page, 'login');

  await signIn(page, '/Admin/Dashboard');
  await expect(page.getByTestId('status-soft/pending')).toHaveText('3');
  await page.getByTestId('panel-graph').getByLabel('Period').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
  await expect(page.getByTestId('panel-graph')).toContainText(/Applications: [1-9]/);
  await shot(page, 'dashboard');

  await page.goto(`${baseUrl()}/Admin/Loan/soft/pending`);
  await expect(loanRow(page, ids['Asha Rao'])).toBeVisible();
  await shot(page, 'queue-soft-pending');

  await page.goto(`${baseUrl()}/Admin/Loan/applied`);
  await expect(loanRow(page, ids['Arjun Malhotra'])).toBeVisible();
  await loanRow(page, ids['Arjun Malhotra']).getByRole('checkbox').check();
  await loanRow(page, ids['Divya Menon']).getByRole('checkbox').check();
  await shot(page, 'queue-bulk-selection');

  await page.goto(`${baseUrl()}/Admin/Loan/soft/EMI/${ids['Asha Rao']}`);
  await expect(page.getByTestId('summary-State')).toHaveText('Soft check pending');
  await page.getByRole('button', { name: 'Approve soft check' }).click();
  await page.getByRole('dialog').getByLabel('Credit score (300–900)').fill('768');
  await page.getByRole('dialog').getByLabel('Note (optional)').fill('Bureau report clean, salary credits regular');
  await shot(page, 'loan-approve-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve soft check' }).click();
  await expect(page.getByTestId('summary-State')).toHaveText('Bank verification pending');

  await page.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${ids['Lakshmi Pillai']}`);
  await expect(page.getByTestId('summary-State')).toHaveText('Active');
  await expect(page.getByTestId('history-entry')).toHaveCount(9);
  await shot(page, 'loan-active', true);

  await page.getByTestId('history-entry').nth(3).getByRole('button', { name: 'View the loan as of this event' }).click();
  await expect(page.getByTestId('as-of-banner')).toBeVisible();
  await shot(page, 'loan-as-of');

  await page.goto(`${baseUrl()}/Admin/Loan/soft/approved`);
  await expect(loanRow(page, ids['Asha Rao'])).toBeVisible();
  await shot(page, 'queue-soft-approved');

  await page.goto(`${baseUrl()}/Admin/Users`);
  await expect(page.locator('tbody tr', { hasText: OPS.email })).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: STAFF.email })).toContainText('online');
  await shot(page, 'users');

  await page.locator('tbody tr', { hasText: OPS.email }).getByText(OPS.name).click();
  await expect(page.getByRole('button', { name: 'Reload device' })).toBeVisible();
  await shot(page, 'user-edit');

  await page.goto(`${baseUrl()}/Admin/Users/Permissions`);
  await expect(page.getByRole('checkbox', { name: 'Credit officer: loans.accept' })).toBeChecked();
  await shot(page, 'permissions', true);

  await page.goto(`${baseUrl()}/Admin/Profile`);
  await expect(page.getByLabel('Name')).not.toHaveValue('');
  await shot(page, 'profile');

  await page.goto(`${baseUrl()}/Admin/Loan/Soft/pending`);
  await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();
  await shot(page, 'not-found');
});
