import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { formatDate } from '@lending/web-common/format';
import { activeLoan, baseUrl, call, loanOf, newBorrower, registerInBrowser, screenshot, signInInBrowser, staff } from './support';

// A phone set to California: the loan's timeline still reads India's calendar, one style for every step
// (docs/borrower-portal.md, "Dates, times and money"), not "Final approval 1 Dec" beside "Money sent 2 Dec" in two zones.
test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

for (const width of [360, 1280]) {
  test(`the loan timeline writes every step's date the house way, in India's time, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const who = newBorrower('Tara Timeline');
    const loanId = await activeLoan(who);
    const loan = await call<{ approvals: { final: { at: string } }; agreement: { issuedAt: string } }>(
      'GET',
      `/admin/loans/${loanId}`,
      await staff(),
    );

    await signInInBrowser(page, who);
    await expect(page).toHaveURL(/\/User\/Dashboard$/);
    await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
    const step = (label: string) => page.locator('.timeline li', { hasText: label }).locator('.timeline__date');
    await expect(step('Final approval')).toHaveText(formatDate(loan.approvals.final.at));
    await expect(step('Agreement issued')).toHaveText(formatDate(loan.agreement.issuedAt));
    await expect(step('Money sent to your bank')).toHaveText('21 Nov 2026');
    for (const text of await page.locator('.timeline__date').allTextContents()) expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expectNoAxeViolations(page, `loan timeline at ${width}`);
    await screenshot(page, `loan-timeline-${width}`);
  });
}

test("a form refused by the server says what its options say, not the API's values", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await registerInBrowser(page, newBorrower('Tara Options'));
  await page.goto(`${baseUrl()}/User/Profile`);
  await page.getByRole('button', { name: 'Save personal details' }).click();
  await expect(page.locator('#field-gender-msg')).toHaveText(/choose one of Female, Male, Other, Prefer not to say/);
  await expect(page.locator('#field-dateOfBirth-msg')).toHaveText(/choose a date: day, month and year/);
  await expect(page.getByText(/undisclosed|such as 1990-04-15/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'profile form with its field errors');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'profile-form-messages-360');
});

/** A borrower's salary advance of ₹20,000 moved to `until`, the borrower signed in, on `page(id)`. */
async function openAdvance(page: Page, until: 'new' | 'signed' | 'active', path: (id: string) => string) {
  const who = newBorrower('Tara Advance');
  const { id } = await loanOf(who, until, { type: 'salaryAdvance', amount: 2_000_000 });
  await signInInBrowser(page, who);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}${path(id)}`);
}

test('the salary advance\'s first step asks to check one amount: "You can change it"', async ({ page }) => {
  await openAdvance(page, 'new', (id) => `/User/newLoan/salaryAdvance/${id}/Step0`);
  await expect(page.getByText('Check the amount. You can change it until you submit.')).toBeVisible();
  await expect(page.getByText(/change them/)).toHaveCount(0);
});

test('after signing, the application page no longer says "when your agreement is ready"', async ({ page }) => {
  await openAdvance(page, 'signed', (id) => `/User/newLoan/salaryAdvance/${id}/Step7`);
  await expect(page.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
  await expect(page.getByText('We email you at each step, and when the money is sent.')).toBeVisible();
  await expect(page.getByText(/When your agreement is ready/)).toHaveCount(0);
});

test('a salary advance\'s one repayment is "1 instalment", not "1 instalments"', async ({ page }) => {
  await openAdvance(page, 'active', (id) => `/User/Loans/${id}`);
  await expect(page.getByText('1 instalment', { exact: true })).toBeVisible();
  await expect(page.getByText(/\b1 instalments\b/)).toHaveCount(0);
});
