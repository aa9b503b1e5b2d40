import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { queryDatabase, startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { apiClient, type Api } from './api';
import { BACKEND, CREDIT_OFFICER, OPS, STAFF } from './users';

/**
 * Issue 33 walked through the console as staff (docs/compliance.md): a payout refused to an account other than the
 * verified one (the dialog shows the verified account), then recorded; the cooling-off exit under maker-checker (the
 * maker never sees Approve, a second person approves); the documents sent on signing, one SMS's every attempt failed
 * (arranged in the test's database) and "Send again" sends it; the contact log with today's count against the cap;
 * the grievance report with its CSV. This file runs a backend of its own with the worker in process, so the
 * documents really go out (the SMS log, the email printed: no SMTP). Every date is the business date or the instant
 * now, so the walk holds at any time of day. Screenshots: docs/screenshots/compliance-console-*.png.
 */
let backend: RunningBackend;
let client: Api;

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `compliance-console-${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Opens `at` under this file's backend, signing in on the way (as support.ts's signIn does for the shared one). */
async function signIn(page: Page, at: string, who: { email: string; password: string } = STAFF) {
  await page.goto(`${backend.url}${at}`);
  await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`${backend.url}${at}`);
}

async function signedInAs(browser: Browser, who: { email: string; password: string }, at: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, at, who);
  return { context, page };
}

test.beforeAll(async () => {
  backend = await startBackend({ ...BACKEND, label: 'e2e_compliance', env: { ...BACKEND.env, WORKER_IN_PROCESS: 'true' } });
  client = apiClient(backend.url);
  await client.createStaff([OPS, CREDIT_OFFICER]);
});

test.afterAll(async () => {
  await backend?.stop();
});

test.describe('issue 33 as staff', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('payout only to the verified account, cooling-off maker-checker, documents sent again, contact log', async ({ page, browser }) => {
    const seeding = await client.staff();
    const borrower = await client.borrower('Farah Compliance');
    // Documents sent on signing go only to a verified email (migration 0060): hers is, as if she had typed the code.
    const { id: borrowerId } = (await client.call('GET', '/me/profile', borrower)) as { id: string };
    await queryDatabase('UPDATE users SET email_verified_at = now() WHERE id = $1', [borrowerId], backend.databaseUrl);
    const loanId = await client.loanIn('disbursal.pending', borrower);
    const loanPage = `/Admin/Loan/disbursal/Emi/${loanId}`;

    // The payout: the dialog names the verified account; another account is refused with the reason, nothing recorded.
    await signIn(page, loanPage);
    await page.getByRole('button', { name: 'Record disbursal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record disbursal' });
    await expect(dialog).toContainText('Pay only to the verified account: ending 9012, IFSC HDFC0001234.');
    await dialog.getByLabel('Payout reference (UTR)').fill(`UTR${loanId.slice(0, 8).toUpperCase()}`);
    await dialog.getByLabel('Account number paid (optional)').fill('999988887777');
    await dialog.getByLabel('IFSC of the account paid').fill('HDFC0001234');
    await dialog.getByRole('button', { name: 'Record disbursal' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/verified/i);
    await expectNoAxeViolations(page, 'disbursal refused to another account');
    await shot(page, 'payout-refused');
    expect(((await client.call('GET', `/admin/loans/${loanId}`, seeding)) as { state: string }).state).toBe('disbursal.pending');
    await dialog.getByLabel('Account number paid (optional)').fill('');
    await dialog.getByLabel('IFSC of the account paid').fill('');
    await dialog.getByRole('button', { name: 'Record disbursal' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => ((await client.call('GET', `/admin/loans/${loanId}`, seeding)) as { state: string }).state)
      .toBe('active');

    // The cooling-off exit: paid out today (the business date), so the window is open all day.
    await page.goto(`${backend.url}/Admin/Loan/Active/Emi/${loanId}`);
    const panel = page.getByTestId('cooling-off-panel');
    await expect(panel.getByTestId('cooling-off-quote')).toContainText('An exit today costs');
    await panel.getByRole('button', { name: 'Ask for a cooling-off exit' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask for a cooling-off exit' });
    await ask.getByRole('button', { name: 'Ask for a cooling-off exit' }).click();
    await expect(panel.getByTestId('cooling-off-exit')).toContainText('Asked by staff, waiting for a second person');
    // The maker is never offered the approval.
    await expect(panel.getByRole('button', { name: 'Approve the exit' })).toHaveCount(0);
    await shot(page, 'cooling-off-maker');

    const checker = await signedInAs(browser, OPS, `/Admin/Loan/Active/Emi/${loanId}`);
    const checkerPanel = checker.page.getByTestId('cooling-off-panel');
    await checkerPanel.getByRole('button', { name: 'Approve the exit' }).click();
    await checker.page.getByRole('dialog', { name: 'Approve the exit' }).getByRole('button', { name: 'Approve the exit' }).click();
    await expect(checkerPanel.getByTestId('cooling-off-exit')).toContainText('Open for payment');
    await expectNoAxeViolations(checker.page, 'cooling-off exit approved by the checker');
    await shot(checker.page, 'cooling-off-checker');
    await checker.context.close();

    // Documents sent on signing: both went out; the SMS's every attempt failing is arranged in the database, then
    // staff send it again and the worker sends it.
    const deliveries = page.getByTestId('document-deliveries');
    await expect(deliveries.getByRole('row')).toHaveCount(3, { timeout: 30_000 });
    await expect(deliveries.getByRole('row', { name: /SMS/ })).toContainText('Sent', { timeout: 20_000 });
    await queryDatabase(
      `UPDATE document_deliveries SET status = 'failed', last_error = 'SMS gateway timed out' WHERE loan_id = $1 AND channel = 'sms'`,
      [loanId],
      backend.databaseUrl,
    );
    await page.reload();
    const smsRow = page.getByTestId('document-deliveries').getByRole('row', { name: /SMS/ });
    await expect(smsRow).toContainText('SMS gateway timed out');
    await expectNoAxeViolations(page, 'documents sent with a failed SMS');
    await page.getByTestId('document-deliveries').scrollIntoViewIfNeeded();
    await shot(page, 'documents-failed');
    await smsRow.getByRole('button', { name: 'Send the SMS again' }).click();
    await expect(page.getByText('The SMS is queued again')).toBeVisible();
    await expect(smsRow).toContainText('Sent', { timeout: 20_000 });
    await expect(smsRow.getByRole('button')).toHaveCount(0);
    await shot(page, 'documents-sent-again');

    // Recovery conduct: a contact recorded today is in the log and counted against the daily cap.
    // A fresh API session for the seeding user: the checker's console sign-in (the same person) ended the first.
    const collector = await client.signIn(OPS, 'e2e-compliance-contact');
    await client.call('POST', `/admin/loans/${loanId}/contacts`, collector, {
      channel: 'call',
      outcome: 'no-answer',
      note: 'Rang at the registered number, no answer',
    });
    await page.reload();
    const conduct = page.getByTestId('contact-conduct-panel');
    await expect(conduct.getByTestId('contacts-today')).toHaveText(/^1 of \d+ contacts today$/);
    await expect(conduct.getByRole('table', { name: 'Latest collection contacts' })).toContainText('Rang at the registered number');
    await conduct.scrollIntoViewIfNeeded();
    await shot(page, 'contact-log');
  });

  test('the grievance report counts a complaint received this month and downloads as CSV', async ({ page }) => {
    const borrower = await client.borrower('Gauri Grievance');
    await client.call('POST', '/me/issues', borrower, { category: 'complaint', message: 'My refund has not arrived after two weeks.' });
    await signIn(page, '/Admin/Grievances', STAFF);
    const report = page.getByTestId('grievance-report-page');
    await expect(report.getByRole('heading', { name: 'Grievance report' })).toBeVisible();
    const received = report.locator('dt', { hasText: 'Complaints received' }).locator('xpath=following-sibling::dd[1]');
    await expect(received).toHaveText(/^[1-9]\d*$/);
    await expectNoAxeViolations(page, 'grievance report');
    await shot(page, 'grievance-report');
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^grievances-\d{4}-\d{2}\.csv$/);
  });
});
