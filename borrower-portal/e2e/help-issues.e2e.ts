import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { startSmtp } from '../../backend/test/support/smtp';
import { callAt, newBorrower, STAFF } from './support';

/**
 * Issue 15 items 5 and 7 end to end, with a worker and a real SMTP server: a borrower raises an issue at /User/Help
 * (360 px), staff add an internal note and a reply at /Admin/Issues/{id}, the borrower receives the reply by email
 * (never the note) and reads it in the portal through the email's link. Then a state landing page renders and an
 * unknown pair is 'Page not found'. This file runs a backend of its own, serving the portal and the console.
 */
let backend: RunningBackend;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const shot = async (page: Page, name: string) => {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });
};
const phone = (browser: Browser) =>
  browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const call = callAt(() => backend.url);

const noOverflow = async (page: Page, what: string) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `horizontal overflow on ${what}`,
  ).toBeLessThanOrEqual(0);

test.beforeAll(async () => {
  smtp = await startSmtp();
  backend = await startBackend({
    label: 'e2e_help',
    staff: STAFF,
    serve: { BORROWER_PORTAL_DIR: 'borrower-portal/dist', ADMIN_CONSOLE_DIR: 'admin-console/dist' },
    jwtSecret: 'e2e-help-secret-0123456789abcdef',
    env: { WORKER_IN_PROCESS: 'true', SMTP_URL: smtp.url, ISSUE_SLA_HOURS: '48' },
  });
});

test.afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
});

test('a borrower raises an issue; staff note it and reply; the borrower gets the reply by email and reads it in the portal', async ({
  browser,
}) => {
  const who = newBorrower('Kavya Rao');
  await call('POST', '/auth/register', null, who);

  // The borrower, on a phone.
  const borrowerContext = await phone(browser);
  const portal = await borrowerContext.newPage();
  await portal.goto(`${backend.url}/Auth/Login?returnTo=/User/Help`);
  await portal.getByLabel('Email or mobile number').fill(who.email);
  await portal.getByLabel('Password').fill(who.password);
  await portal.getByRole('button', { name: 'Sign in' }).click();
  await expect(portal).toHaveURL(/\/User\/Help$/);
  await expect(portal.getByRole('heading', { name: 'Your issues' })).toBeVisible();
  await expect(portal.getByText('You have not raised any issue.')).toBeVisible();

  // An empty message is refused under its field.
  await portal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(portal.getByText('message is required')).toBeVisible();
  await portal.getByLabel('What is it about?').selectOption('repayment');
  await portal.getByLabel('Your message').fill('My EMI was debited twice on the 5th. Please refund one.');
  await shot(portal, 'portal-help-raise');
  await portal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(portal.getByRole('heading', { name: /Issue #\d+: Repayment/ })).toBeVisible();
  const issueUrl = new URL(portal.url());
  const issueId = issueUrl.searchParams.get('issue')!;
  expect(issueId).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoAxeViolations(portal, 'help issue (borrower)');
  await noOverflow(portal, '/User/Help');

  // Staff, at their desk.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const consolePage = await staffContext.newPage();
  await consolePage.goto(`${backend.url}/Admin/Issues`);
  await consolePage.getByLabel('Email').fill(STAFF.email);
  await consolePage.getByLabel('Password').fill(STAFF.password);
  const signedIn = consolePage.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login' && r.ok());
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await signedIn;
  // The console keeps the session only once its shell is up: a reload before that lands on the sign-in page again.
  await expect(consolePage.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  // The list's chunk and its first page may take a while on a busy machine: wait for the API's answer itself.
  const listed = consolePage.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/issues' && r.ok());
  await consolePage.goto(`${backend.url}/Admin/Issues`);
  await listed;
  const row = consolePage.getByRole('row', { name: /Kavya Rao/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Open');
  await expectNoAxeViolations(consolePage, 'issues list');
  await shot(consolePage, 'admin-issues');
  // No wait for GET /api/admin/issues/{id}: react-admin may show the record from the list's answer without asking.
  await row.click();
  await expect(consolePage).toHaveURL(new RegExp(`/Admin/Issues/${issueId}$`));
  await expect(consolePage.getByRole('heading', { name: /Issue #\d+: Repayment/ })).toBeVisible();

  await consolePage.getByRole('combobox', { name: 'Assignee' }).click();
  await consolePage.getByRole('option', { name: 'Administrator' }).click();
  await expect(consolePage.getByText(/assignedTo — →/)).toBeVisible();

  await consolePage.getByRole('checkbox', { name: 'Internal note' }).check();
  await consolePage.getByRole('textbox', { name: /Internal note/ }).fill('Bank ops ticket BANK-7781: duplicate NACH debit.');
  await consolePage.getByRole('button', { name: 'Add note' }).click();
  await expect(consolePage.getByText(/internal note$/)).toBeVisible();
  await consolePage.getByRole('checkbox', { name: 'Internal note' }).uncheck();
  await consolePage
    .getByRole('textbox', { name: 'Reply to the borrower (emailed)' })
    .fill('We have refunded the duplicate debit of ₹8,978. It reaches your bank in 3 working days.');
  await consolePage.getByRole('button', { name: 'Send reply' }).click();
  await expect(consolePage.getByText(/· emailed$/)).toBeVisible();
  await expect(consolePage.getByText('In progress', { exact: true })).toBeVisible();
  await expectNoAxeViolations(consolePage, 'issue page');
  await shot(consolePage, 'admin-issues-detail');

  // The email: the reply, a link to the issue, never the note.
  const mail = await smtp.next(who.email, 60_000);
  expect(mail.subject).toMatch(/^Re: your issue #\d+ \(Repayment\)$/);
  expect(mail.text).toContain('We have refunded the duplicate debit of ₹8,978.');
  expect(mail.text).not.toContain('BANK-7781');
  const link = /(\S*\/User\/Help\?issue=[0-9a-f-]{36})/.exec(mail.text ?? '')![1];
  expect(link).toContain(issueId);

  // The borrower follows the email's link and reads the reply; answers; the list shows the issue in progress.
  await portal.goto(`${backend.url}${new URL(link).pathname}${new URL(link).search}`);
  await expect(portal.getByText('We have refunded the duplicate debit of ₹8,978.')).toBeVisible();
  await expect(portal.getByText('BANK-7781')).toHaveCount(0);
  await portal.getByLabel('Add a reply').fill('Received, thank you!');
  await portal.getByRole('button', { name: 'Send reply' }).click();
  await expect(portal.getByText('Received, thank you!')).toBeVisible();
  await expectNoAxeViolations(portal, 'help issue with a reply');
  await noOverflow(portal, 'the issue');
  await shot(portal, 'portal-help-issue');
  await borrowerContext.close();
  await staffContext.close();
});

test('a state landing page renders with a link to quick start; an unknown pair is Page not found', async ({ browser }) => {
  const token = (await call<{ token: string }>('POST', '/auth/login', null, STAFF)).token;
  await call('POST', '/admin/state-pages', token, {
    state: 'Karnataka',
    city: 'Bengaluru',
    title: 'Personal loans in Bengaluru',
    text: 'From Whitefield to Jayanagar: apply online, get a decision in a day.',
    offer: 'Processing fee waived in December',
    active: true,
  });
  await call('POST', '/admin/state-pages', token, {
    state: 'Kerala',
    city: 'Kochi',
    title: 'Loans in Kochi',
    text: 'Soon.',
    active: false,
  });

  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(`${backend.url}/Karnataka/Bengaluru`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal loans in Bengaluru' })).toBeVisible();
  await expect(page.getByText('Processing fee waived in December')).toBeVisible();
  await expectNoAxeViolations(page, 'state page');
  await noOverflow(page, '/Karnataka/Bengaluru');
  await shot(page, 'portal-state-page');
  await page.getByRole('link', { name: 'Check your offer with quick start' }).click();
  await expect(page).toHaveURL(/\/quickStart/);

  for (const pathname of ['/Karnataka/Mysuru', '/Kerala/Kochi', '/Atlantis/Bengaluru']) {
    await page.goto(`${backend.url}${pathname}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Page not found: ${pathname}`);
  }
  await context.close();
});
