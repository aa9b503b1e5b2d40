import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, newBorrower, screenshot, staff } from './support';

/**
 * Issue 28 item 1, the way in, and item 8's staff member in the portal, at a 360 px phone and a 1280 px desktop: a
 * visitor's Apply (home page, calculator, menu) starts quick start at its first step; a deep link into quick start
 * without a proven phone starts at the phone too, and the step count says so; a signed-in borrower's Apply starts the
 * application; a staff session opening the borrower area is told to use the console.
 */

const quickStartBegins = async (page: Page) => {
  await expect(page).toHaveURL(new RegExp(`^${baseUrl()}/quickStart$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Quick start' })).toBeVisible();
  await expect(page.getByText('Quick start · Step 1 of 9')).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
};

/** Signed in as `token` on this device before any page script runs (the portal reads local storage). */
const signedIn = (page: Page, token: string, device: string) =>
  page.context().addInitScript(
    ({ t, d }) => {
      localStorage.setItem('device_id', d);
      localStorage.setItem('token', t);
    },
    { t: token, d: device },
  );

for (const width of [360, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a visitor’s Apply starts quick start, from the home page, the calculator and the menu', async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('main').getByRole('link', { name: 'Apply for a personal loan', exact: true }).click();
      await quickStartBegins(page);

      await page.goto(`${baseUrl()}/`);
      await page.getByRole('link', { name: 'Apply for a salary advance →' }).click();
      await quickStartBegins(page);

      await page.goto(`${baseUrl()}/EmiCalculator`);
      await page.getByRole('main').getByRole('link', { name: 'Apply for a personal loan' }).click();
      await quickStartBegins(page);

      await page.goto(`${baseUrl()}/About`);
      if (width === 360) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apply now' }).click();
      await quickStartBegins(page);
      await expect(page.getByRole('status')).toHaveCount(0);
    });

    test('a deep link into quick start without a proven phone starts at step 1, the phone', async ({ page }) => {
      for (const step of ['Step3', 'Step6', 'Otp']) {
        await page.goto(`${baseUrl()}/quickStart/components/${step}`);
        await quickStartBegins(page);
        await expect(page.getByRole('status')).toHaveText(
          'For your security, confirm your mobile number with a new code. If you started before, your answers are kept for 30 days.',
        );
        await expect(page.getByText(/Step [2-9] of 9/)).toHaveCount(0);
      }
      await expectNoAxeViolations(page, `quick start from a deep link at ${width} px`);
      await screenshot(page, `quickstart-deep-link-${width}`);
    });

    test('a signed-in borrower’s Apply starts the application of that type', async ({ page }) => {
      const who = newBorrower('Farah Sheikh');
      const device = `way-in-${width}-${Date.now()}`;
      const { token } = await call<{ token: string }>('POST', '/auth/register', null, { ...who, deviceId: device });
      await signedIn(page, token, device);
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('main').getByRole('link', { name: 'Apply for a personal loan', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseUrl()}/User/newLoan/Emi$`));
      await expect(page.getByLabel('Loan amount (₹)')).toBeVisible();

      await page.goto(`${baseUrl()}/`);
      await page.getByRole('link', { name: 'Apply for a salary advance →' }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseUrl()}/User/newLoan/salaryAdvance$`));
      await expect(page.getByLabel('Amount (₹)')).toBeVisible();
    });

    test('a staff member opening the portal in the same browser is told that staff sign in to the console', async ({ page }) => {
      // The staff session the other tests use, on its own device (a sign-in elsewhere would end it).
      await signedIn(page, await staff(), 'portal-e2e-staff');
      await page.goto(`${baseUrl()}/User/Dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in to the console' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/Admin');
      await expect(page.getByText(/Error 403|Try again/)).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Your account' })).toHaveCount(0);
      await expectNoAxeViolations(page, `staff in the portal at ${width} px`);
      await screenshot(page, `staff-in-portal-${width}`);
      await page.goto(`${baseUrl()}/User/newLoan/Emi`);
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in to the console' })).toBeVisible();
    });
  });
}
