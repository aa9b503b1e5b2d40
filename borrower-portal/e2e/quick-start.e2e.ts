import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, screenshot, staff } from './support';

/**
 * Quick start at 360 px (issue 14): a visitor gives a phone, reads the code from the SMS log (as staff with sms.view),
 * answers Step0 … Step4, reviews (going back keeps the answers), sets a password and lands in the new application.
 * axe on every step; screenshots into docs/screenshots/portal-quickstart-*.png.
 */
test.use({ viewport: { width: 360, height: 780 } });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function check(page: Page, name: string, shot: string) {
  await expect(heading(page, name)).toBeVisible();
  await expectNoAxeViolations(page, `quick start: ${name}`);
  await screenshot(page, `quickstart-${shot}`);
  // Nothing is wider than the phone's screen.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 361).map((e) => `${e.tagName}.${e.className}`),
  );
  expect(wide).toEqual([]);
}

/** The newest code sent to the phone, read from the SMS log as staff (sms.view). */
async function codeFor(mobile: string): Promise<string> {
  const sms = await call<Array<{ body: string }>>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: `+91${mobile}` }))}`,
    await staff(),
  );
  return /\b(\d{6})\b/.exec(sms[0].body)![1];
}

const mobile = `9${String(Date.now()).slice(-9)}`;

test('a visitor gives a phone, the code from the SMS log and the first steps', async ({ page }) => {
  await page.goto(`${baseUrl()}/quickStart`);
  await check(page, 'Quick start', '1-phone');
  await expect(page.getByText('Step 1 of 9')).toBeVisible();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send me the code' }).click();

  await expect(page).toHaveURL(/\/quickStart\/components\/Otp$/);
  await check(page, 'Enter the code', '2-code');
  const code = await codeFor(mobile);
  await page.getByLabel('6-digit code').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#field-code-msg')).toHaveText(/4 tries left/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step0$/);
  await expect(page.getByText('Step 3 of 9')).toBeVisible();
  await page.getByLabel('Full name').fill('Kavya Menon');
  await page.getByLabel('Email').fill(`kavya.${mobile}@example.com`);
  await page.getByLabel('Date of birth').fill('2015-06-01');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('you must be 18 or older')).toBeVisible();
  await check(page, 'About you', '3-about-you-errors');
  await page.getByLabel('Date of birth').fill('1994-06-01');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step1$/);
  await check(page, 'Your work', '4-work');
  await page.getByLabel('You are').selectOption('salaried');
  await page.getByLabel('Employer or business name').fill('Blue Loom Textiles');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step2$/);
  await check(page, 'Your income', '5-income');
  await page.getByLabel('Monthly take-home pay (₹)').fill('65000');
  await page.getByLabel('Pay day (day of the month)').fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step3$/);
});

test('the same phone resumes at the loan step with a new code, finishes and lands in the application', async ({ page }) => {
  await page.goto(`${baseUrl()}/quickStart`);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page).toHaveURL(/\/quickStart\/components\/Otp$/);
  await page.getByLabel('6-digit code').fill(await codeFor(mobile));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/components\/Step3$/);
  await expect(page.getByRole('radio', { name: /Personal loan/ })).toBeChecked();
  await check(page, 'The loan you want', '6-loan');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step4$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please accept each of the three to continue.')).toBeVisible();
  await check(page, 'Your consent', '7-consents');
  for (const name of [/Credit check/, /Terms and conditions/, /Privacy policy/]) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step5$/);
  await check(page, 'Check your answers', '8-review');
  await expect(page.getByText('Salaried at Blue Loom Textiles')).toBeVisible();
  // Back keeps what was entered: the work step shows its answers.
  await page.getByRole('link', { name: 'Change work' }).click();
  await expect(page.getByLabel('Employer or business name')).toHaveValue('Blue Loom Textiles');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/components\/Step5$/);
  await page.getByRole('button', { name: 'Looks right, continue' }).click();

  await expect(page).toHaveURL(/\/components\/Step6$/);
  await expect(page.getByText('Step 9 of 9')).toBeVisible();
  await check(page, 'Create your password', '9-password');
  await page.getByLabel('Password', { exact: true }).fill('kavya-password-1');
  await page.getByLabel('Password again').fill('kavya-password-1');
  await page.getByRole('button', { name: 'Create my account and apply' }).click();

  await expect(page).toHaveURL(/\/User\/newLoan\/Emi\/[0-9a-f-]{36}\/Step0$/);
  await expect(heading(page, 'Your loan terms')).toBeVisible();
  await screenshot(page, 'quickstart-10-landed');
});

test('an unknown step is page not found', async ({ page }) => {
  await page.goto(`${baseUrl()}/quickStart/components/Step9`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /quickStart/components/Step9');
});
