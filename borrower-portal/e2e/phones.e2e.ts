import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, newBorrower, registerInBrowser, screenshot, signInInBrowser, staff } from './support';

/**
 * Issue 27 item 5 in the portal: quick start takes the number written any usual way and says where the code went
 * ("+91 98765 01234"); a borrower registered with ten digits signs in with the number in another form; the profile
 * shows the number grouped, and a second account with it is refused.
 */

test('quick start on a phone: "098765-01234" is taken, and the code goes to +91 98765 01234', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const mobile = `96${String(Date.now()).slice(-8)}`;
  const grouped = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
  await page.goto(`${baseUrl()}/quickStart`);
  await page.getByLabel('Mobile number').fill(`0${mobile.slice(0, 5)}-${mobile.slice(5)}`);
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page).toHaveURL(/\/quickStart\/components\/Otp$/);
  await expect(page.getByText(`We sent a 6-digit code by SMS to ${grouped}.`)).toBeVisible();
  const sms = await call<Array<{ to: string }>>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: mobile }))}`,
    await staff(),
  );
  expect(sms.map((s) => s.to)).toEqual([`+91${mobile}`]);
  await expectNoAxeViolations(page, 'quick start code');
  await screenshot(page, 'phone-quick-start-code-sent');
  await context.close();
});

test('registered with ten digits, signed in with +91 and spaces; the profile shows the number grouped; a second account is refused', async ({
  page,
}) => {
  const who = newBorrower('Typed Plain');
  const mobile = who.phone.slice(3);
  const grouped = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
  await registerInBrowser(page, { ...who, phone: mobile });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInInBrowser(page, { email: grouped, password: who.password });
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Profile`);
  await expect(page.getByLabel('Mobile number')).toHaveValue(grouped);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, 'profile with phone');
  await screenshot(page, 'profile-phone-grouped');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl()}/Auth/Register`);
  await page.getByLabel('Full name').fill('Second Account');
  await page.getByLabel('Email').fill(`second.${who.email}`);
  await page.getByLabel('Mobile number').fill(`0${mobile}`);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This phone is already registered; sign in instead.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/Auth\/Register$/);
});
