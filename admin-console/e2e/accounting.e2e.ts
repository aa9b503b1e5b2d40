import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { api, signIn } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Issue 31 in the console: a loan paid out and paid on shows its journal on the loan page; the trial balance balances
 * (its totals row shows equal debits and credits); the reconciliation agrees; the journal entries list filters by
 * account. Each screen passes axe.
 */
test('the books: a loan’s journal, the trial balance, the reconciliation and the journal entries', async ({ page }) => {
  const client = api();
  const borrower = await client.borrower('Meera Ledger');
  const loanId = await client.loanIn('active', borrower);

  await signIn(page, `/Admin/Loan/Active/Emi/${loanId}`);
  const journal = page.getByTestId('loan-journal');
  await expect(journal).toContainText('LoanDisbursed');
  await expect(journal.getByRole('table', { name: /^Entry / }).first()).toContainText('1100 Loans receivable (principal)');
  await expectNoAxeViolations(page, 'loan page with its journal');

  await page.goto(page.url().replace(/\/Admin\/.*$/, '/Admin/TrialBalance'));
  await expect(page.getByRole('heading', { level: 1, name: 'Trial balance' })).toBeVisible();
  const total = page.getByTestId('trial-balance').locator('tfoot tr');
  await expect(total).toContainText('Total');
  const [debit, credit] = await total.locator('td').evaluateAll((cells) => cells.slice(1).map((c) => c.textContent));
  expect(debit).toBe(credit);
  await expectNoAxeViolations(page, 'trial balance');

  await page.goto(page.url().replace(/\/Admin\/.*$/, '/Admin/Reconciliation'));
  await expect(page.getByText('The books agree with the loans.')).toBeVisible();
  await expectNoAxeViolations(page, 'reconciliation');

  await page.goto(page.url().replace(/\/Admin\/.*$/, `/Admin/JournalEntries?filter=${encodeURIComponent(JSON.stringify({ loanId }))}`));
  await expect(page.getByTestId('journal-entries')).toContainText('LoanDisbursed');
  await expectNoAxeViolations(page, 'journal entries filtered by loan');
});
