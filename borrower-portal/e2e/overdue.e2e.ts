import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { approveBank, call, newBorrower, rupees, screenshot, signInInBrowser, signWithCode, staff } from './support';

/**
 * Issue 13 in the portal: a loan made overdue by close of business (business date set by staff, then
 * POST /api/admin/close-of-business) shows its days overdue and the amount to pay now with the penal charge, on the
 * dashboard and the loan page, with a Pay button that opens the Pay form on that amount. The business date is put
 * back afterwards, as the other suites run on today's.
 */
const PENAL = 50_000;
let restoreDate: string | null = null;

test.afterAll(async () => {
  if (restoreDate) await call('PUT', '/admin/business-date', await staff(), { date: restoreDate });
});

test('an overdue loan shows days overdue, the amount with its charge, and a Pay button prefilled with it', async ({ page }) => {
  const staffToken = await staff();
  restoreDate = (await call<{ date: string }>('GET', '/admin/business-date', staffToken)).date;
  const product = await call<{ id: string }>('POST', '/admin/products', staffToken, {
    code: `overdue-${Date.now()}`,
    name: 'Overdue e2e loan',
    type: 'EMI',
    minAmount: 1_000_000,
    maxAmount: 30_000_000,
    minTenureMonths: 6,
    maxTenureMonths: 24,
    annualRatePercent: 12,
    processingFeePercent: 1,
    graceDays: 3,
    penalChargeFlat: PENAL,
    allocationStrategy: 'mifos-standard',
    prepaymentMode: 'reduceTenure',
  });
  const borrower = newBorrower('Meena Overdue');
  const { token } = await call<{ token: string }>('POST', '/auth/register', null, borrower);
  const { id } = await call<{ id: string }>('POST', '/me/loans', token, {
    type: 'EMI',
    amount: 10_000_000,
    tenureMonths: 12,
    productId: product.id,
  });
  await call('POST', `/me/loans/${id}/submit`, token);
  await call('POST', `/admin/loans/${id}/accept`, staffToken, { reason: 'Documents complete' });
  await call('POST', `/admin/loans/${id}/approve-soft`, staffToken, { score: 742 });
  await approveBank(id, token, staffToken);
  const issued = await call<{ agreement: { documentHash: string } }>('POST', `/admin/loans/${id}/issue-agreement`, staffToken, {});
  await signWithCode(id, issued.agreement.documentHash, token, borrower.phone);
  await call('POST', `/admin/loans/${id}/approve-final`, staffToken, {});
  await call('POST', `/admin/loans/${id}/disburse`, staffToken, {
    payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`,
    disbursedOn: '2026-09-10',
  });
  // Instalment 1 falls due on 2026-10-10; three grace days later it is overdue and charged.
  await call('PUT', '/admin/business-date', staffToken, { date: '2026-10-20' });
  await call('POST', '/admin/close-of-business', staffToken, {});
  const first = (
    await call<{ instalments: { principal: number; interest: number; fees: number; penalties: number }[] }>(
      'GET',
      `/admin/loans/${id}`,
      staffToken,
    )
  ).instalments[0]!;
  expect(first.penalties).toBe(PENAL);
  const owed = first.principal + first.interest + first.fees + first.penalties;

  await page.setViewportSize({ width: 360, height: 740 });
  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  const onDashboard = page.getByTestId('overdue');
  await expect(onDashboard.getByTestId('days-overdue')).toHaveText('10 days overdue');
  await expect(onDashboard.getByTestId('amount-due-now')).toHaveText(rupees(owed));
  await expect(onDashboard.getByTestId('charges-due')).toContainText(rupees(PENAL));

  await onDashboard.getByRole('link', { name: `Pay ${rupees(owed)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${id}#pay$`));
  const notice = page.getByTestId('overdue');
  await expect(notice.getByTestId('days-overdue')).toHaveText('10 days overdue');
  await expect(notice.getByTestId('amount-due-now')).toHaveText(rupees(owed));
  // The Pay form offers that amount, chosen.
  await expect(
    page.getByRole('radio', {
      name: new RegExp(`What is due now, overdue since [^:]+: ${rupees(owed).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    }),
  ).toBeChecked();
  await expect(page.getByRole('button', { name: `Pay ${rupees(owed)}` })).toBeVisible();
  // Usable at 360 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, `/User/Loans/${id} overdue at 360 px`);
  // The header is sticky: a full-page shot taken scrolled would draw it mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'overdue-360');
});
