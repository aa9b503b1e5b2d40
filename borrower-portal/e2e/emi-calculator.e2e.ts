import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, rupees, screenshot } from './support';

/**
 * Issue 28 item 7 at a 360 px phone and a 1280 px desktop: the public EMI calculator holds to the open EMI product's
 * amount and tenure limits (GET /api/public/products), says so in the form's words, shows no EMI while a figure is
 * wrong or missing, and forgets its EMI when a figure is cleared.
 */

type Product = {
  type: string;
  minAmount: number;
  maxAmount: number;
  minTenureMonths: number;
  maxTenureMonths: number;
  annualRatePercent: number;
};

for (const width of [360, 1280] as const) {
  test(`at ${width} px, the calculator refuses what the product does not lend and clears its result`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const product = (await call<Product[]>('GET', '/public/products', null)).find((p) => p.type === 'EMI')!;
    await page.goto(`${baseUrl()}/EmiCalculator`);
    const amount = page.getByLabel('Loan amount (₹)');
    const tenure = page.getByLabel('Tenure (months)');
    const emi = page.getByTestId('emi');
    await expect(emi).toBeVisible();
    // The limits as the page writes them under the field, "₹10,000 to ₹5,00,000".
    const limits = (await page.locator(`[id="${await amount.getAttribute('aria-describedby')}"]`).textContent())!;
    expect(limits).toMatch(/^₹[\d,]+ to ₹[\d,]+$/);

    // Five rupees, under the minimum: a message with the limits, no EMI, no schedule.
    await amount.fill('5');
    await expect(page.getByText(`Choose an amount from ${limits}`)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(emi).toHaveCount(0);
    await expect(page.locator('table.schedule')).toHaveCount(0);
    await expect(page.getByText('Your EMI appears here when the amount, rate and tenure above are filled in correctly.')).toBeVisible();
    await expectNoAxeViolations(page, `calculator, amount under the minimum, ${width} px`);
    await screenshot(page, `calculator-limits-${width}`);

    // Above the maximum too.
    await amount.fill(String(product.maxAmount / 100 + 1));
    await expect(page.getByText(`Choose an amount from ${limits}`)).toBeVisible();
    await expect(emi).toHaveCount(0);

    // The minimum itself is lent: the API's EMI for it.
    await amount.fill(String(product.minAmount / 100));
    await tenure.fill(String(product.maxTenureMonths));
    const quote = await call<{ emi: number }>(
      'GET',
      `/public/emi?principal=${product.minAmount}&annualRatePercent=${product.annualRatePercent}&months=${product.maxTenureMonths}`,
      null,
    );
    await expect(emi).toHaveText(rupees(quote.emi));

    // A tenure beyond the product's: the range, no EMI.
    await tenure.fill(String(product.maxTenureMonths + 1));
    await expect(page.getByText(`Choose a tenure from ${product.minTenureMonths} to ${product.maxTenureMonths} months`)).toBeVisible();
    await expect(emi).toHaveCount(0);
    await tenure.fill(String(product.minTenureMonths));
    await expect(emi).toBeVisible();

    // Clearing the amount clears the result; typing it again brings the new one, never the old.
    await amount.fill('');
    await expect(emi).toHaveCount(0);
    await expect(page.getByText('Enter the loan amount in rupees, e.g. 1,00,000')).toBeVisible();
    await amount.fill(String(product.minAmount / 100));
    const again = await call<{ emi: number }>(
      'GET',
      `/public/emi?principal=${product.minAmount}&annualRatePercent=${product.annualRatePercent}&months=${product.minTenureMonths}`,
      null,
    );
    await expect(emi).toHaveText(rupees(again.emi));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
