import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { activeLoan, baseUrl, call, newBorrower, rupees, signInInBrowser, staff } from './support';

/**
 * Issue 12's online journeys (docs/servicing.md): the borrower pays on the sandbox provider's page, comes back to
 * /User/Loans/verifypayment, and sees the instalment paid; paying the foreclosure total closes the loan.
 */

/** Presses Pay on the loan page, then Pay on the sandbox provider's page, and waits for the outcome page. */
async function payThroughSandbox(page: Page, expectedAmount: number) {
  await page.getByRole('button', { name: `Pay ${rupees(expectedAmount)}` }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
  // The provider's page writes the amount its own way (INR 1,02,100.00): the same digits.
  await page.getByRole('button', { name: `Pay INR ${rupees(expectedAmount).replace(/^₹/, '')}` }).click();
  await expect(page).toHaveURL(/\/User\/Loans\/verifypayment\?paymentId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
}

test('a borrower pays the next instalment early (nothing is due yet, so none is offered) and sees it paid', async ({ page }) => {
  const borrower = newBorrower('Ravi Kumar');
  const loanId = await activeLoan(borrower);
  const next = (
    await call<{ instalments: { principal: number; interest: number; fees: number; penalties: number }[] }>(
      'GET',
      `/admin/loans/${loanId}`,
      await staff(),
    )
  ).instalments[0]!;
  const due = next.principal + next.interest + next.fees + next.penalties;

  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  const rows = page.locator('table.schedule tbody tr');
  await expect(rows.first()).toHaveAttribute('data-status', 'upcoming');
  // Nothing has fallen due (issue 27): Due now says so, the next instalment is shown but not offered; another amount
  // is chosen, and paying the loan off is offered beside it.
  await expect(page.getByTestId('amount-due')).toHaveText('Nothing');
  await expect(page.getByTestId('next-instalment')).toHaveText(rupees(due));
  await expect(page.getByRole('radio', { name: /The next instalment/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Another amount' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Pay off the whole loan today/ })).toBeVisible();

  // Another amount is checked before anything is sent.
  await page.getByLabel('Amount (₹)').fill('12.345');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Enter an amount in rupees, with at most two decimals')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loanId}$`));

  // The instalment's amount, paid ahead: the preview shows instalment 1 paid before the borrower pays.
  await page.getByLabel('Amount (₹)').fill((due / 100).toFixed(2));
  const preview = page.getByTestId('payment-preview');
  await expect(preview).toContainText('After this payment you owe');
  await preview.locator('summary').click();
  await expect(preview.locator('table.schedule tbody tr').first()).toHaveAttribute('data-status', 'paid');
  await expect(preview.locator('table.schedule tbody tr').nth(1)).toHaveAttribute('data-status', 'upcoming');
  await expectNoAxeViolations(page, 'loan page with the pay form and its preview');
  await page.screenshot({ path: path.join(shots, 'portal-loan-pay-preview-1280.png'), fullPage: true });
  await payThroughSandbox(page, due);
  await page.getByRole('link', { name: 'Back to your loan' }).click();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loanId}$`));
  await expect(rows.first()).toHaveAttribute('data-status', 'paid');
  await expect(rows.first()).toContainText('Paid');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'upcoming');
  await expect(page.getByTestId('amount-due')).toHaveText('Nothing');

  // At 360 px the schedule is cards: Paid and Status visible, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(rows.first()).toContainText('Paid');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const table = await page
    .locator('.table-scroll')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(table).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'loan page at 360 px');
  await page.screenshot({ path: path.join(shots, 'portal-loan-schedule-360.png'), fullPage: true });
});

test('paying extra to reduce principal: the preview shows the shorter schedule, and the loan then has it', async ({ page }) => {
  const borrower = newBorrower('Anil Rao');
  const loanId = await activeLoan(borrower);
  const before = await call<{ instalments: unknown[] }>('GET', `/admin/loans/${loanId}`, await staff());
  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  await page.getByLabel('Amount (₹)').fill('30000');
  await page.getByTestId('reduce-principal').check();
  const preview = page.getByTestId('payment-preview');
  await preview.locator('summary').click();
  const previewRows = preview.locator('table.schedule tbody tr');
  await expect(previewRows).not.toHaveCount(before.instalments.length);
  const expected = await previewRows.count();
  await payThroughSandbox(page, 3_000_000);
  await page.getByRole('link', { name: 'Back to your loan' }).click();
  await expect(page.locator('table.schedule tbody tr').first()).toHaveAttribute('data-status', 'paid');
  const after = await call<{ instalments: unknown[] }>('GET', `/admin/loans/${loanId}`, await staff());
  expect(after.instalments).toHaveLength(expected);
});

test('paying the foreclosure total closes the loan', async ({ page }) => {
  const borrower = newBorrower('Sunita Das');
  const loanId = await activeLoan(borrower);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, {
    email: borrower.email,
    password: borrower.password,
    deviceId: 'portal-e2e-quote',
  });
  const quote = await call<{ total: number }>('GET', `/me/loans/${loanId}/foreclosure-quote`, token);

  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  await page.getByRole('radio', { name: `Pay off the whole loan today: ${rupees(quote.total)}` }).check();
  await payThroughSandbox(page, quote.total);
  await page.getByRole('link', { name: 'Back to your loan' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  // Everything left was prepaid: no instalment remains to pay.
  await expect(page.getByText('This loan is closed: everything is repaid.')).toBeVisible();
  await expect(page.getByText('Loan repaid and closed')).toBeVisible();
  await expect(page.locator('table.schedule tbody tr[data-status="paid"]').first()).toBeVisible();
  await expect(page.locator('table.schedule tbody tr:not([data-status="paid"])')).toHaveCount(0);
  const loan = await call<{ state: string; outstanding: { total: number } }>('GET', `/admin/loans/${loanId}`, await staff());
  expect(loan).toMatchObject({ state: 'closed', outstanding: { total: 0 } });
});

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
