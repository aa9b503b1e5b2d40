import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { api, baseUrl, signIn } from './support';
import { STAFF } from './users';

/**
 * Issue 12's counter journey (docs/servicing.md): one staff member records a cash payment on the loan page, a second
 * one verifies it from the Payments list (maker-checker: the recorder is never offered Verify), and the loan page then
 * shows the payment applied to the first instalment and in the ledger.
 */
test.describe('a payment at the counter', () => {
  test('is recorded by one staff member, verified by another, and the loan page shows its allocation', async ({ page, browser }) => {
    // A checker of our own (operations managers record and verify), created before the console signs in: the
    // administrator's API sign-in would otherwise take over the console's session (one device per user).
    const unique = Date.now().toString(36);
    const checker = {
      name: 'Farah Khan',
      email: `farah.${unique}@e2e.local`,
      password: 'farah-checker-password',
      roleId: 'operations-manager',
    };
    await api().call('POST', '/admin/users', await api().signIn(STAFF, 'e2e-setup-device'), checker);
    const loanId = await api().loanIn('active', await api().borrower('Meera Pillai'));

    await signIn(page, `/Admin/Loan/Active/Emi/${loanId}`);
    const instalments = page.getByRole('table', { name: 'Instalments' }).locator('tbody tr');
    await expect(instalments).toHaveCount(12);
    await expect(instalments.first()).toContainText('Upcoming');

    // Nothing has fallen due yet (paid out 21 Nov, first due 21 Dec): Due now says so and the dialog offers nothing
    // (issue 27); staff type the instalment, paid ahead, and see the schedule it leaves before confirming.
    await expect(page.getByTestId('amount-due')).toHaveText('Nothing');
    const first = (await api().call('GET', `/admin/loans/${loanId}`, await api().staff())) as {
      instalments: { principal: number; interest: number; fees: number }[];
    };
    const instalment = first.instalments[0]!;
    const recorded = (instalment.principal + instalment.interest + instalment.fees) / 100;
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    const amount = dialog.getByLabel('Amount (₹)');
    await expect(amount).toHaveValue('');
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('More than zero')).toBeVisible();
    await amount.fill(recorded.toFixed(2));
    const preview = dialog.getByTestId('payment-preview');
    await expect(preview.getByRole('table', { name: 'Instalments' }).locator('tbody tr').first()).toContainText('Paid');
    await expect(preview.getByRole('table', { name: 'Instalments' }).locator('tbody tr').nth(1)).toContainText('Upcoming');
    await expectNoAxeViolations(page, 'record-payment dialog with its preview');
    await page.screenshot({ path: path.join(shots, 'admin-record-payment-preview.png') });
    await dialog.getByLabel('Reference').fill('RCPT-0042');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText('Payment recorded: it is applied once a second staff member verifies it.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Nothing is applied before the second person's check.
    await expect(instalments.first()).toContainText('Upcoming');

    // The recorder sees the payment waiting, with Reject but no Verify.
    await page.goto(`${baseUrl()}/Admin/Payments`);
    const mine = paymentRow(page, loanId);
    await expect(mine).toContainText('Awaiting verification');
    await expect(mine.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Verify' })).toHaveCount(0);

    // The checker, in a browser of their own, verifies it after the confirmation.
    const checkerContext = await browser.newContext();
    try {
      const checkerPage = await checkerContext.newPage();
      await signIn(checkerPage, '/Admin/Payments', checker);
      const row = paymentRow(checkerPage, loanId);
      // The list as loaded: checked at once, axe could catch the page half rendered (a fading list's grey text).
      await expect(row.getByRole('button', { name: 'Verify' })).toBeVisible();
      await expectNoAxeViolations(checkerPage, 'payments to verify');
      await checkerPage.screenshot({ path: path.join(shots, 'admin-payments-pending.png') });
      await row.getByRole('button', { name: 'Verify' }).click();
      const confirm = checkerPage.getByRole('dialog', { name: 'Verify' });
      await expect(confirm).toContainText('applied to the loan’s instalments at once');
      await confirm.getByRole('button', { name: 'Verify' }).click();
      await expect(confirm).toBeHidden();
      // The pending list no longer holds it.
      await expect(paymentRow(checkerPage, loanId)).toHaveCount(0);
    } finally {
      await checkerContext.close();
    }

    // The loan page: the first instalment paid, the payment applied, a repayment line in the ledger.
    await page.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${loanId}`);
    await expect(instalments.first()).toContainText('Paid');
    await expect(instalments.nth(1)).toContainText('Upcoming');
    await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Applied');
    await expect(page.getByRole('table', { name: 'Ledger' })).toContainText('Repayment');
    const loan = (await api().call('GET', `/admin/loans/${loanId}`, await api().staff())) as {
      instalments: { status: string }[];
      outstanding: { total: number };
    };
    expect(loan.instalments[0]!.status).toBe('paid');
    await expectNoAxeViolations(page, 'loan page with a verified payment');
    await page.screenshot({ path: path.join(shots, 'admin-loan-repayments.png'), fullPage: true });
  });
});

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/** The Payments list's row of the loan's payment (its Loan column shows the first 8 characters of the id). */
const paymentRow = (page: Page, loanId: string) =>
  page.locator('tbody tr', { has: page.getByRole('link', { name: loanId.slice(0, 8), exact: true }) });
