import { expect, test } from '@playwright/test';
import { baseUrl, call, newBorrower, registerInBrowser, screenshot, staff } from './support';

type Product = {
  id: string;
  code: string;
  name: string;
  type: string;
  annualRatePercent: number;
  processingFeePercent: number;
  minAmount: number;
  maxAmount: number;
};

/**
 * Issue 12: the portal reads bounds, rates and fees from /api/public/products. A second EMI product opened by staff
 * appears in the rates table and as a choice when applying, at 360 px too; the loan pins the product chosen.
 */
test('a product staff open shows in the rates and can be chosen when applying, on a 360 px phone', async ({ browser }) => {
  const code = `e2e-festive-${Date.now().toString(36)}`;
  const festive = await call<Product>('POST', '/admin/products', await staff(), {
    code,
    name: 'Festive personal loan',
    type: 'EMI',
    minAmount: 2_000_000,
    maxAmount: 30_000_000,
    minTenureMonths: 6,
    maxTenureMonths: 24,
    annualRatePercent: 12.5,
    processingFeePercent: 1,
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl()}/Rate-terms`);
    await expect(page.getByRole('columnheader', { name: 'Festive personal loan' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '12.5% a year, reducing balance' })).toBeVisible();

    const borrower = newBorrower('Farah Khan');
    await registerInBrowser(page, borrower);
    await page.goto(`${baseUrl()}/User/newLoan/Emi`);
    await page.getByRole('radio', { name: 'Festive personal loan' }).check();
    await expect(page.getByLabel('Interest rate (% a year)')).toHaveValue('12.5');
    await expect(page.getByText('₹20,000 to ₹3,00,000')).toBeVisible();
    await expect(page.getByText('6 to 24 months')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow on the start page').toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-apply-product-choice');

    await page.getByLabel('Loan amount (₹)').fill('50000');
    await page.getByLabel('Tenure (months)').fill('6');
    await page.getByRole('button', { name: 'Start my application' }).click();
    await expect(page).toHaveURL(/\/User\/newLoan\/Emi\/[0-9a-f-]{36}\/Step0$/);
    const loanId = /Emi\/([0-9a-f-]{36})\//.exec(page.url())![1];
    const loan = await call<{ annualRatePercent: number; fee: number; product: { id: string; version: number } }>(
      'GET',
      `/admin/loans/${loanId}`,
      await staff(),
    );
    expect(loan).toMatchObject({ annualRatePercent: 12.5, fee: 50_000, product: { id: festive.id, version: 1 } });
  } finally {
    await context.close();
    await call('PUT', `/admin/products/${festive.id}`, await staff(), { active: false });
  }
});
