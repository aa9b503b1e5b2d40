import { expect, test } from '@playwright/test';
import { api, baseUrl, loanRow, signIn } from './support';

test.describe('loan pipeline in the admin console', () => {
  test('staff approve a soft check: the loan leaves soft/pending, appears in bank/pending and soft/approved, and its history says so', async ({
    page,
  }) => {
    const client = api();
    const borrower = await client.borrower('Asha Rao');
    const approved = await client.loanIn('soft.pending', borrower);
    const waiting = await client.loanIn('soft.pending', await client.borrower('Vikram Iyer'), { type: 'salaryAdvance', amount: 3_000_000 });

    await signIn(page, '/Admin/Loan/soft/pending');
    await expect(page.getByText('Soft check: Pending')).toBeVisible();
    await expect(loanRow(page, approved)).toContainText('Asha Rao');
    await expect(loanRow(page, approved)).toContainText('₹1,00,000.00');
    await expect(loanRow(page, waiting)).toContainText('Vikram Iyer');

    await loanRow(page, approved).getByText('Asha Rao').click();
    await expect(page).toHaveURL(`${baseUrl()}/Admin/Loan/soft/EMI/${approved}`);
    await expect(page.getByTestId('summary-State')).toHaveText('Soft check pending');
    await expect(page.getByTestId('summary-Amount requested')).toHaveText('₹1,00,000.00');

    await page.getByRole('button', { name: 'Approve soft check' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Credit score (300–900)').fill('761');
    await dialog.getByLabel('Note (optional)').fill('Bureau report clean');
    await dialog.getByRole('button', { name: 'Approve soft check' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Approve soft check: done. The loan is now Bank verification pending.')).toBeVisible();
    await expect(page.getByTestId('summary-State')).toHaveText('Bank verification pending');
    await expect(page.getByTestId('summary-Credit score')).toHaveText('761');
    await expect(page.getByRole('button', { name: 'Approve bank verification' })).toBeVisible();

    await page.goto(`${baseUrl()}/Admin/Loan/soft/pending`);
    await expect(loanRow(page, waiting)).toBeVisible();
    await expect(loanRow(page, approved)).toHaveCount(0);

    await page.goto(`${baseUrl()}/Admin/Loan/bank/pending`);
    await expect(page.getByText('Bank verification: Pending')).toBeVisible();
    await expect(loanRow(page, approved)).toContainText('Asha Rao');

    await page.goto(`${baseUrl()}/Admin/Loan/soft/approved`);
    await expect(page.getByText('Soft check: Approved')).toBeVisible();
    await expect(loanRow(page, approved)).toContainText('Bank verification pending');
    await expect(loanRow(page, waiting)).toHaveCount(0);

    await loanRow(page, approved).getByText('Asha Rao').click();
    await expect(page).toHaveURL(`${baseUrl()}/Admin/Loan/soft/EMI/${approved}`);
    const history = page.getByTestId('history-entry');
    await expect(history).toHaveCount(4);
    await expect(history.nth(0)).toContainText('Application started by Asha Rao (borrower) for ₹');
    await expect(history.nth(2)).toContainText('Accepted for credit review by');
    await expect(history.nth(2)).toContainText('Reason: “Documents complete”');
    await expect(history.nth(3)).toContainText('Soft check approved');
    await expect(history.nth(3)).toContainText('Bank verification pending');
    await expect(history.nth(3)).toContainText('(credit score 761)');
    await expect(history.nth(3)).toContainText('you (');
    await expect(history.nth(3)).toContainText('Reason: “Bureau report clean”');

    await history.nth(0).getByRole('button', { name: 'View the loan as of this event' }).click();
    await expect(page.getByTestId('as-of-banner')).toContainText('1 event');
    await expect(page.getByTestId('summary-State')).toHaveText('New');
    await expect(page.getByRole('button', { name: 'Approve bank verification' })).toHaveCount(0);
  });

  test('a refused action shows the server’s reason and changes nothing; a rejection needs a reason', async ({ page }) => {
    const client = api();
    const id = await client.loanIn('soft.pending', await client.borrower('Meera Nair'), {
      type: 'EMI',
      amount: 5_000_000,
      tenureMonths: 6,
    });
    await signIn(page, `/Admin/Loan/soft/EMI/${id}`);
    await expect(page.getByTestId('summary-State')).toHaveText('Soft check pending');

    await page.getByRole('button', { name: 'Approve soft check' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Credit score (300–900)').fill('700');
    await dialog.getByLabel('Approved amount (optional)').fill('60000');
    await dialog.getByRole('button', { name: 'Approve soft check' }).click();
    await expect(dialog.getByRole('alert')).toContainText('approvedAmount');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('summary-State')).toHaveText('Soft check pending');

    await page.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Salary slips do not match');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByTestId('summary-State')).toHaveText('Rejected');
    await expect(page.getByText('No further action: this loan is rejected.')).toBeVisible();
    await expect(page.getByTestId('history-entry').last()).toContainText('Reason: “Salary slips do not match”');
  });

  test('an open loan page follows a move made by another staff member', async ({ page }) => {
    const client = api();
    const id = await client.loanIn('soft.pending', await client.borrower('Imran Sheikh'), { type: 'salaryAdvance', amount: 5_000_000 });
    await page.clock.install();
    await signIn(page, `/Admin/Loan/soft/salaryAdvance/${id}`);
    await expect(page.getByRole('button', { name: 'Approve soft check' })).toBeVisible();
    await client.call('POST', `/admin/loans/${id}/approve-soft`, await client.staff(), {
      score: 705,
      reason: 'Approved from another desk',
    });
    // The page polls its loan every 5 s (LOAN_REFRESH_MS): the page's clock jumps past one poll instead of waiting.
    await page.clock.fastForward(6_000);
    await expect(page.getByTestId('summary-State')).toHaveText('Bank verification pending');
    await expect(page.getByTestId('summary-Last move')).toContainText('by Rohan Mehta');
    await expect(page.getByRole('button', { name: 'Approve soft check' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve bank verification' })).toBeVisible();
    await expect(page.getByTestId('history-entry').last()).toContainText('Reason: “Approved from another desk”');
  });

  test('bulk acceptance from the applied queue; the agreement opens inline and downloads', async ({ page }) => {
    const client = api();
    const first = await client.loanIn('applied', await client.borrower('Arjun Malhotra'), {
      type: 'EMI',
      amount: 15_000_000,
      tenureMonths: 18,
    });
    const second = await client.loanIn('applied', await client.borrower('Divya Menon'), { type: 'salaryAdvance', amount: 2_000_000 });
    const active = await client.loanIn('active', await client.borrower('Lakshmi Pillai'));

    await signIn(page, '/Admin/Loan/applied');
    await loanRow(page, first).getByRole('checkbox').check();
    await loanRow(page, second).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Accept for review' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('2 selected loans');
    await dialog.getByRole('button', { name: 'Accept for review' }).click();
    await expect(page.getByText('Accept for review: 2 loans done.')).toBeVisible();
    await expect(loanRow(page, first)).toHaveCount(0);
    await expect(loanRow(page, second)).toHaveCount(0);
    await page.goto(`${baseUrl()}/Admin/Loan/soft/pending`);
    await expect(loanRow(page, first)).toBeVisible();
    await expect(loanRow(page, second)).toBeVisible();

    await page.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${active}`);
    await expect(page.getByRole('table', { name: 'Instalments' }).locator('tbody tr')).toHaveCount(12);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`loan-agreement-${active}.pdf`);
    await page.getByRole('button', { name: 'View agreement' }).click();
    await expect(page.locator('iframe[title="Loan agreement"]')).toHaveAttribute('src', /^blob:/);
  });

  test('unknown and wrongly cased paths say the page was not found', async ({ page }) => {
    await signIn(page);
    await page.goto(`${baseUrl()}/Admin/Loan/Soft/pending`);
    await expect(page.getByRole('heading', { name: 'Page not found: /Admin/Loan/Soft/pending' })).toBeVisible();
    await page.goto(`${baseUrl()}/Admin/Nowhere`);
    await expect(page.getByRole('heading', { name: 'Page not found: /Admin/Nowhere' })).toBeVisible();
    await page.goto(`${baseUrl()}/admin/Dashboard`);
    await expect(page.getByRole('heading', { name: 'Page not found: /admin/Dashboard' })).toBeVisible();
  });
});
