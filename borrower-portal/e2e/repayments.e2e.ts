import { expect, test, type Page } from '@playwright/test';
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

test('a borrower pays an instalment on the provider’s page and sees it paid', async ({ page }) => {
  const borrower = newBorrower('Ravi Kumar');
  const loanId = await activeLoan(borrower);
  const next = (await call<{ instalments: { principal: number; interest: number; fees: number; penalties: number }[] }>('GET', `/admin/loans/${loanId}`, await staff())).instalments[0]!;
  const due = next.principal + next.interest + next.fees + next.penalties;

  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  const rows = page.locator('table.schedule tbody tr');
  await expect(rows.first()).toHaveAttribute('data-status', 'upcoming');
  // The form offers what is due next (chosen), paying the loan off, or another amount.
  await expect(page.getByRole('radio', { name: new RegExp(`The next instalment, due .*: ${escape(rupees(due))}`) })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Pay off the whole loan today/ })).toBeVisible();

  // Another amount is checked before anything is sent.
  await page.getByRole('radio', { name: 'Another amount' }).check();
  await page.getByLabel('Amount (₹)').fill('12.345');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Enter an amount in rupees, with at most two decimals')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loanId}$`));

  await page.getByRole('radio', { name: /The next instalment/ }).check();
  await payThroughSandbox(page, due);
  await page.getByRole('link', { name: 'Back to your loan' }).click();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loanId}$`));
  await expect(rows.first()).toHaveAttribute('data-status', 'paid');
  await expect(rows.first()).toContainText('Paid');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'upcoming');
});

test('paying the foreclosure total closes the loan', async ({ page }) => {
  const borrower = newBorrower('Sunita Das');
  const loanId = await activeLoan(borrower);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: borrower.email, password: borrower.password, deviceId: 'portal-e2e-quote' });
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
