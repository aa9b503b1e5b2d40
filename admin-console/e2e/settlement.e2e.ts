import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { addDays, api, signIn } from './support';
import { STAFF } from './users';

/**
 * Issue 13 item 5 (docs/servicing.md "Settlement and write-off"): one staff member offers a settlement on the loan
 * page, a second one approves it in a browser of their own (the maker is never offered Approve), the borrower's
 * payment of the agreed amount settles the loan, and the page shows it settled with what was waived. The loan is
 * aged first by close of business, so its Collections section shows a classification change.
 */
test.describe('a settlement', () => {
  // The test moves the business date past a due date; the files after it in this worker run on the date it found.
  let original = '';
  test.beforeAll(async () => {
    original = ((await api().call('GET', '/admin/business-date', await api().staff())) as { date: string }).date;
  });
  test.afterAll(async () => {
    await api().call('PUT', '/admin/business-date', await api().staff(), { date: original });
  });

  test('is offered by one staff member, approved by another, and a payment of the amount settles the loan', async ({ page, browser }) => {
    const unique = Date.now().toString(36);
    const checker = {
      name: 'Nikhil Rao',
      email: `nikhil.${unique}@e2e.local`,
      password: 'nikhil-checker-password',
      roleId: 'operations-manager',
    };
    await api().call('POST', '/admin/users', await api().signIn(STAFF, 'e2e-setup-device'), checker);
    const loanId = await api().loanIn('active', await api().borrower('Sunita Verma'));
    // Twenty days after instalment 1 falls due, the loan is 20 days past due (SMA-0); the offer is valid ten days more.
    const ops = await api().staff();
    const { instalments } = (await api().call('GET', `/admin/loans/${loanId}`, ops)) as { instalments: { dueDate: string }[] };
    const today = addDays(instalments[0]!.dueDate, 20);
    await api().call('PUT', '/admin/business-date', ops, { date: today });
    await api().call('POST', '/admin/close-of-business', ops, {});

    await signIn(page, `/Admin/Loan/Active/Emi/${loanId}`);
    const collections = page.getByTestId('collections-panel');
    await expect(collections.getByTestId('classification-chip')).toContainText('SMA-0');
    await expect(collections.getByRole('table', { name: 'Classification history' })).toContainText('standard');
    await expect(collections.getByRole('table', { name: 'Classification history' })).toContainText('SMA-0');

    // The maker offers ₹50,000 by the end of the month.
    await collections.getByRole('button', { name: 'Offer settlement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offer settlement' });
    await expect(dialog).toContainText('A second staff member must approve the offer');
    await dialog.getByLabel('Settlement amount (₹)').fill('50000.00');
    await dialog.getByLabel('Valid until').fill(addDays(today, 10));
    await dialog.getByLabel('Reason').fill('Job loss; one-time settlement agreed with the borrower');
    await dialog.getByRole('button', { name: 'Offer settlement' }).click();
    await expect(page.getByText('Settlement offered: a second staff member approves it.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const open = collections.getByTestId('settlement-open');
    await expect(open).toContainText('Waiting for approval');
    await expect(open).toContainText('You made this offer');
    await expect(open.getByRole('button', { name: 'Approve offer' })).toHaveCount(0);

    // The checker, in a browser of their own, approves after the confirmation.
    const checkerContext = await browser.newContext();
    try {
      const checkerPage = await checkerContext.newPage();
      await signIn(checkerPage, `/Admin/Loan/Active/Emi/${loanId}`, checker);
      const theirs = checkerPage.getByTestId('settlement-open');
      await theirs.getByRole('button', { name: 'Approve offer' }).click();
      const confirm = checkerPage.getByRole('dialog', { name: 'Approve offer' });
      await expect(confirm).toContainText('the rest of what is owed is waived');
      await confirm.getByRole('button', { name: 'Approve offer' }).click();
      await expect(confirm).toBeHidden();
      await expect(theirs).toContainText('Approved: waiting for payment');

      // The borrower pays the agreed amount at the counter: recorded by the checker, verified by a third person.
      const checkerToken = await api().signIn(checker, 'e2e-checker-api-device');
      const payment = (await api().call('POST', `/admin/loans/${loanId}/payments`, checkerToken, {
        amount: 5_000_000,
        paidOn: today,
        method: 'upi',
        reference: 'UTR-SETTLE-1',
      })) as { id: string };
      await api().call('POST', `/admin/payments/${payment.id}/verify`, ops, {});
    } finally {
      await checkerContext.close();
    }

    // The maker's page (polled) shows the loan settled, with what was waived.
    const settled = collections.getByTestId('settlement-settled');
    await expect(settled).toContainText('Settled on', { timeout: 15_000 });
    await expect(settled).toContainText('waived');
    const loan = (await api().call('GET', `/admin/loans/${loanId}`, ops)) as { state: string; outstanding: { total: number } };
    expect(loan.state).toBe('settled');
    expect(loan.outstanding.total).toBe(0);
    const offers = (await api().call('GET', `/admin/loans/${loanId}/settlement-offers`, ops)) as {
      status: string;
      amountPaid: number;
      waived: { total: number };
    }[];
    expect(offers[0]).toMatchObject({ status: 'settled', amountPaid: 5_000_000 });
    expect(offers[0]!.waived.total).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Ledger' })).toContainText('Settlement waiver', { timeout: 15_000 });
    await expect(page.getByTestId('amount-due')).toHaveText('Nothing');
    await expect(collections.getByRole('button', { name: 'Offer settlement' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'loan page, settled');
    await collections.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'admin-loan-settlement.png'), fullPage: true });
  });
});

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
