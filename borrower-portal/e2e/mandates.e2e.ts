import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { BANK_SECTION, callAt, newBorrower, rupees, STAFF } from './support';

/**
 * Issue 32's "Done when" through both UIs on one backend (this suite's harness serves the console at /Admin too): a
 * borrower with a disbursed three-month EMI loan sets up e-NACH in the portal on the sandbox bank's page; close of
 * business presents instalment 1 on its due date and the bank pays it; instalment 2 bounces (insufficient funds), is
 * charged ₹500, the borrower sees it, a collector finds the loan in the console's Bounced queue, and the
 * re-presentation five days later pays it with the charge; instalment 3 is paid and the loan closes, which cancels
 * the mandate. The business date is set by staff (dates fixed, whatever the time of day). This file runs a backend of
 * its own with its worker (the suite's runs none): the mandate-closure subscription cancels the mandate when the loan
 * closes, as in production. Screenshots: docs/screenshots/mandate-*.png (docs/mandates.md, "Walkthrough").
 */
test.describe.configure({ mode: 'serial' });

let backend: RunningBackend;
let staffToken = '';
const baseUrl = () => backend.url;

const call = callAt(() => backend.url);
const staff = async () => staffToken;

const CHARGE = 50_000;
const unique = String(Date.now()).slice(-8);
const borrower = newBorrower('Kavya Autodebit');
const collector = {
  name: 'Imran Collector',
  email: `imran.collector.${unique}@portal-e2e.local`,
  password: 'imran-collector-password',
  roleId: 'collections-agent',
};
let loanId = '';
let dueDates: string[] = [];

type Presentation = { id: string; instalmentNumber: number; attempt: number; amount: number; status: string; nextAttemptOn: string | null };
type Instalment = { number: number; dueDate: string; principal: number; interest: number; fees: number; penalties: number };

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
/** docs/screenshots/mandate-<name>.png, the whole page from its top (the portal's header is sticky). */
async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `mandate-${name}.png`), fullPage: true, animations: 'disabled' });
}

const presentations = async () =>
  (await call<{ presentations: Presentation[] }>('GET', `/admin/loans/${loanId}/mandates`, await staff())).presentations;
const instalments = async () => (await call<{ instalments: Instalment[] }>('GET', `/admin/loans/${loanId}`, await staff())).instalments;

/**
 * Staff close the business day `date` (collections' close of business, whose auto-debit step presents what fell due):
 * one new presentation is decided and sent to the bank. Checked on the loan's presentations rather than on the run's
 * counts, so a nightly run of the worker (00:05 IST) landing in between changes nothing.
 */
async function closeBusinessDay(date: string) {
  const token = await staff();
  const before = (await presentations()).length;
  await call('PUT', '/admin/business-date', token, { date });
  await call('POST', '/admin/close-of-business', token, {});
  const after = await presentations();
  expect(after).toHaveLength(before + 1);
  expect(after.at(-1)).toMatchObject({ status: 'submitted' });
}

/** The sponsor bank's result for a presentation, as the sandbox sends it (signed webhook, server-side). */
const bankSays = (presentationId: string, outcome: 'succeed' | 'bounce', reasonCode?: string) =>
  call(
    'POST',
    `/mandates/sandbox/presentations/${encodeURIComponent(presentationId)}/${outcome}${reasonCode ? `?reasonCode=${reasonCode}` : ''}`,
    null,
  );

/** The borrower's loan page, freshly loaded, at its Auto-debit section. */
async function loanPage(page: Page) {
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  const section = page.getByTestId('auto-debit');
  await expect(section.getByRole('heading', { name: 'Auto-debit' })).toBeVisible();
  return section;
}

/** The console in a browser context of its own (its session apart from the borrower's), signed in as `who`. */
async function consoleAs(browser: Browser, who: { email: string; password: string }, at: string, landmark: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl()}${at}`);
  await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: landmark })).toBeVisible();
  if (!page.url().endsWith(at)) await page.goto(`${baseUrl()}${at}`);
  return page;
}

/** The borrower's ₹60,000 EMI loan over 3 months through the pipeline by the API, paid out on 2026-11-21. */
async function disbursedLoan(): Promise<string> {
  const { token } = await call<{ token: string }>('POST', '/auth/register', null, borrower);
  const { id } = await call<{ id: string }>('POST', '/me/loans', token, { type: 'EMI', amount: 6_000_000, tenureMonths: 3 });
  await call('POST', `/me/loans/${id}/submit`, token);
  await call('POST', `/admin/loans/${id}/accept`, staffToken, { reason: 'Documents complete' });
  await call('POST', `/admin/loans/${id}/approve-soft`, staffToken, { score: 742 });
  const me = await call<{ name: string }>('GET', '/me/profile', token);
  await call('PUT', '/me/profile/bank', token, { holderName: me.name, ...BANK_SECTION });
  await call('POST', `/admin/loans/${id}/approve-bank`, staffToken, { method: 'penny-drop' });
  const issued = await call<{ agreement: { documentHash: string } }>('POST', `/admin/loans/${id}/issue-agreement`, staffToken, {});
  await call('POST', `/me/loans/${id}/agreement/code`, token);
  const sms = await call<{ body: string }[]>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: borrower.phone, purpose: 'e-sign' }))}&range=${encodeURIComponent('[0,0]')}`,
    staffToken,
  );
  const code = /\b(\d{6})\b/.exec(sms[0]?.body ?? '')![1];
  await call('POST', `/me/loans/${id}/sign-agreement`, token, { documentHash: issued.agreement.documentHash, code });
  await call('POST', `/admin/loans/${id}/approve-final`, staffToken, {});
  await call('POST', `/admin/loans/${id}/disburse`, staffToken, {
    payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`,
    disbursedOn: '2026-11-21',
  });
  return id;
}

async function signInInBrowser(page: Page) {
  await page.goto(`${baseUrl()}/Auth/Login`);
  await page.getByLabel('Email or mobile number').fill(borrower.email);
  await page.getByLabel('Password').fill(borrower.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
}

test.beforeAll(async () => {
  backend = await startBackend({
    label: 'e2e_mandates',
    staff: STAFF,
    serve: { BORROWER_PORTAL_DIR: 'borrower-portal/dist', ADMIN_CONSOLE_DIR: 'admin-console/dist' },
    jwtSecret: 'e2e-mandates-secret-0123456789abcdef',
    env: { WORKER_IN_PROCESS: 'true', BUSINESS_DATE_MODE: 'manual' },
  });
  staffToken = (await call<{ token: string }>('POST', '/auth/login', null, { ...STAFF, deviceId: 'mandates-e2e-staff' })).token;
  await call('POST', '/admin/users', staffToken, collector);
  // Paid out on 2026-11-21, the mandate set up on the 25th: every instalment falls due after it is active.
  await call('PUT', '/admin/business-date', staffToken, { date: '2026-11-25' });
  loanId = await disbursedLoan();
  dueDates = (await instalments()).map((i) => i.dueDate);
  expect(dueDates).toHaveLength(3);
});

test.afterAll(async () => {
  await backend?.stop();
});

test('the borrower sets up e-NACH on the sandbox bank’s page and comes back to it active', async ({ page }) => {
  await signInInBrowser(page);
  const section = await loanPage(page);
  await expect(section).toContainText('Let us collect each instalment from your bank account on its due date');
  await shot(page, 'portal-offer');

  await section.getByRole('button', { name: 'Set up e-NACH' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox e-NACH mandate' })).toBeVisible();
  // The page's own styles apply (its security policy allows them): the Authorise button is filled.
  await expect(page.getByRole('button', { name: 'Authorise' })).toHaveCSS('background-color', 'rgb(31, 58, 95)');
  await shot(page, 'sandbox-authorise');

  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loanId}\\?mandateId=[0-9a-f-]{36}$`));
  const back = page.getByTestId('auto-debit');
  await expect(back.getByTestId('mandate-outcome')).toHaveText(
    'Auto-debit is set up: each instalment will be collected from your bank account on its due date.',
  );
  await expect(back).toContainText('e-NACH (net banking or debit card)');
  await expect(back.locator('dd', { hasText: /^Active$/ })).toBeVisible();
  await expect(back.locator('dd', { hasText: /^SNDB\d{16}$/ })).toBeVisible();
  await expect(back.getByRole('button', { name: 'Cancel auto-debit' })).toBeVisible();
  await expectNoAxeViolations(page, 'portal: the loan page back from the bank, auto-debit active');
  await shot(page, 'portal-active');
});

test('due date 1: close of business presents the instalment, the bank pays it, the borrower sees it paid', async ({ page }) => {
  const [first] = await instalments();
  await closeBusinessDay(dueDates[0]!);
  const [presented] = await presentations();
  expect(presented).toMatchObject({ instalmentNumber: 1, attempt: 1, status: 'submitted' });
  expect(presented!.amount).toBe(first!.principal + first!.interest + first!.fees);
  await bankSays(presented!.id, 'succeed');

  await signInInBrowser(page);
  const section = await loanPage(page);
  await expect(section.getByRole('list', { name: 'Debits' }).getByRole('listitem')).toHaveText([
    new RegExp(`^Instalment 1: ${escape(rupees(presented!.amount))} on .+ — Paid$`),
  ]);
  await expect(page.locator('table.schedule tbody tr').first()).toHaveAttribute('data-status', 'paid');
  await shot(page, 'portal-paid-1');
});

test('due date 2: the debit bounces, is charged, and the borrower sees why, the charge and the next try', async ({ page }) => {
  await closeBusinessDay(dueDates[1]!);
  const second = (await presentations()).find((p) => p.instalmentNumber === 2)!;
  await bankSays(second.id, 'bounce', 'INSUFFICIENT_FUNDS');
  const bounced = (await presentations()).find((p) => p.id === second.id)!;
  expect(bounced).toMatchObject({ status: 'bounced', nextAttemptOn: expect.any(String) });
  // The charge is on the instalment for everyone who reads the loan (the servicing read model).
  expect((await instalments())[1]).toMatchObject({ penalties: CHARGE });

  await signInInBrowser(page);
  const section = await loanPage(page);
  await expect(section.getByRole('list', { name: 'Debits' }).getByRole('listitem').nth(1)).toHaveText(
    new RegExp(
      `^Instalment 2: ${escape(rupees(second.amount))} on .+ — Returned: Balance insufficient\\. Bounce charge ${escape(rupees(CHARGE))}\\. We will try again on .+$`,
    ),
  );
  await expectNoAxeViolations(page, 'portal: the loan page with a returned debit');
  await shot(page, 'portal-bounced');
});

test('collectors see the loan in the console’s Bounced queue, and the mandates list', async ({ browser }) => {
  const page = await consoleAs(browser, collector, '/Admin/MandateBounces', 'Bounced');
  const queue = page.getByTestId('mandate-bounces');
  const row = queue.locator('tbody tr', { has: page.getByRole('link', { name: loanId.slice(0, 8) }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Balance insufficient (INSUFFICIENT_FUNDS)');
  await expect(row).toContainText(rupees(CHARGE));
  await expect(row).toContainText('21 Jan 2027');
  await expectNoAxeViolations(page, 'console: the Bounced queue');
  await shot(page, 'console-bounced');

  await page.getByRole('menuitem', { name: 'Mandates' }).click();
  await page.getByLabel('Loan id').fill(loanId);
  const mandates = page.getByTestId('mandates');
  await expect(mandates.locator('tbody tr')).toHaveCount(1);
  await expect(mandates.locator('tbody tr')).toContainText('e-NACH');
  await expect(mandates.locator('tbody tr')).toContainText('Active');
  await expectNoAxeViolations(page, 'console: the mandates list');
  await shot(page, 'console-mandates');
  await page.context().close();
});

test('the re-presentation five days later collects the instalment with its charge', async ({ page }) => {
  const bounced = (await presentations()).find((p) => p.instalmentNumber === 2 && p.attempt === 1)!;
  await closeBusinessDay(bounced.nextAttemptOn!);
  const again = (await presentations()).find((p) => p.instalmentNumber === 2 && p.attempt === 2)!;
  expect(again.amount).toBeGreaterThanOrEqual(bounced.amount + CHARGE);
  await bankSays(again.id, 'succeed');

  await signInInBrowser(page);
  const section = await loanPage(page);
  await expect(section.getByRole('list', { name: 'Debits' }).getByRole('listitem').nth(2)).toHaveText(
    new RegExp(`^Instalment 2 \\(try 2\\): ${escape(rupees(again.amount))} on .+ — Paid$`),
  );
  // The returned debit now says it was presented again, not that it will be.
  await expect(section.getByRole('list', { name: 'Debits' }).getByRole('listitem').nth(1)).toContainText(`Presented again on`);
  await expect(page.locator('table.schedule tbody tr').nth(1)).toHaveAttribute('data-status', 'paid');
  await shot(page, 'portal-represented');
});

test('due date 3: the last instalment is paid, the loan closes and the mandate ends with it', async ({ page }) => {
  await closeBusinessDay(dueDates[2]!);
  const third = (await presentations()).find((p) => p.instalmentNumber === 3)!;
  await bankSays(third.id, 'succeed');
  const loan = await call<{ state: string; creditBalance: number }>('GET', `/admin/loans/${loanId}`, await staff());
  expect(loan).toMatchObject({ state: 'closed', creditBalance: 0 });

  await page.setViewportSize({ width: 360, height: 740 });
  await signInInBrowser(page);
  // The mandate-closure subscription cancels the mandate after the loan closes: reload until it has.
  await expect(async () => {
    const section = await loanPage(page);
    await expect(section.locator('dd', { hasText: /^Cancelled$/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const section = page.getByTestId('auto-debit');
  await expect(section).toContainText('Your loan is repaid and closed, so nothing more is debited.');
  await expect(section.getByRole('list', { name: 'Debits' }).getByRole('listitem')).toHaveCount(4);
  await expect(section.getByRole('button')).toHaveCount(0);
  // Usable at 360 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'portal: the loan page at 360 px, repaid by auto-debit');
  await shot(page, 'portal-closed-360');
});

test('the console’s loan page shows the mandate and every presentation; so does the presentations list', async ({ browser }) => {
  const page = await consoleAs(browser, collector, `/Admin/Loan/Active/Emi/${loanId}`, 'Bounced');
  const panel = page.getByTestId('mandate-panel');
  await expect(panel.getByRole('table', { name: 'Presentations' }).locator('tbody tr')).toHaveCount(4);
  await expect(panel).toContainText('Cancelled: the loan was repaid and closed');
  await expect(panel).toContainText('Balance insufficient (INSUFFICIENT_FUNDS)');
  await expect(panel.getByRole('table', { name: 'Presentations' }).locator('tbody tr').nth(1)).toContainText(rupees(CHARGE));
  // The panel's card alone: a full-page shot of the long loan page would draw the fixed app bar mid-page.
  await page
    .locator('.MuiPaper-root', { has: panel })
    .last()
    .screenshot({ path: path.join(shots, 'mandate-console-loan-panel.png'), animations: 'disabled' });

  await page.getByRole('menuitem', { name: 'Presentations' }).click();
  const list = page.getByTestId('mandate-presentations');
  const rows = list.locator('tbody tr', { has: page.getByRole('link', { name: loanId.slice(0, 8) }) });
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Bounced' })).toContainText('Balance insufficient (INSUFFICIENT_FUNDS)');
  await expectNoAxeViolations(page, 'console: the presentations list');
  await shot(page, 'console-presentations');
  await page.context().close();
});

/** A text as a regular expression matching it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
