import { expect, test } from '@playwright/test';
import { baseUrl, call, newBorrower, signInInBrowser, staff } from './support';

/** Two browsers, one account: signing in on the second takes the session from the first (spec §4). */
test('signing in on another device shows "Someone else logged in!" on the first and takes it home', async ({ browser }) => {
  const who = newBorrower('Ravi Kumar');
  await call('POST', '/auth/register', null, { ...who, deviceId: 'portal-e2e-registration' });

  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page1 = await first.newPage();
    await signInInBrowser(page1, who);
    await expect(page1).toHaveURL(/\/User\/Dashboard$/);
    await expect(page1.getByRole('heading', { name: 'Welcome, Ravi' })).toBeVisible();
    const alert = new Promise<string>((resolve) =>
      page1.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );

    const page2 = await second.newPage();
    await signInInBrowser(page2, who);
    await expect(page2).toHaveURL(/\/User\/Dashboard$/);

    expect(await alert).toBe('Someone else logged in!');
    await expect(page1).toHaveURL(`${baseUrl()}/`);
    await expect(page1.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // Nothing of the session is left. The business time zone may be: it is the product's public setting
    // (GET /api/public/settings), which the home page stores again as it loads.
    expect(await page1.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'lending.businessTimeZone'))).toEqual([]);

    // The second device keeps working.
    await page2.goto(`${baseUrl()}/User/Loans`);
    await expect(page2.getByRole('heading', { name: 'My loans' })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});

test('the borrower area sends a signed-out visitor to sign in and back', async ({ page }) => {
  const who = newBorrower('Sunita Devi');
  await call('POST', '/auth/register', null, { ...who, deviceId: 'portal-e2e-registration-2' });
  await page.goto(`${baseUrl()}/User/Loans`);
  await expect(page).toHaveURL(`${baseUrl()}/Auth/Login?returnTo=%2FUser%2FLoans`);
  await page.getByLabel('Email or mobile number').fill(who.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/User/Loans`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await page.goto(`${baseUrl()}/User/Dashboard`);
  await expect(page).toHaveURL(/\/Auth\/Login\?returnTo=/);
});

test('registration shows the API’s field messages', async ({ page }) => {
  const taken = newBorrower('Arjun Das');
  await call('POST', '/auth/register', null, { ...taken, deviceId: 'portal-e2e-registration-3' });
  await page.goto(`${baseUrl()}/Auth/Register`);
  await page.getByLabel('Full name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Mobile number').fill('12');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const id of ['name', 'email', 'phone', 'password']) await expect(page.locator(`#field-${id}-msg.field__error`)).toBeVisible();

  await page.getByLabel('Full name').fill('Arjun Das');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Mobile number').fill(newBorrower('x').phone);
  await page.getByLabel('Password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#field-email-msg.field__error')).toBeVisible();
});

test('staff marking the device "devicereload" makes the page fetch a fresh token, store it and reload', async ({ page }) => {
  const who = newBorrower('Neha Joshi');
  const registered = await call<{ user: { id: string } }>('POST', '/auth/register', null, {
    ...who,
    deviceId: 'portal-e2e-registration-4',
  });
  await signInInBrowser(page, who);
  await expect(page.getByRole('heading', { name: 'Welcome, Neha' })).toBeVisible();
  const before = await page.evaluate(() => localStorage.getItem('token'));
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));

  const reloaded = page.waitForEvent('load');
  await call('POST', `/admin/users/${registered.user.id}/reload-device`, await staff());
  await reloaded;

  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  const after = await page.evaluate(() => localStorage.getItem('token'));
  expect(after).not.toBe(before);
  expect(after).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Welcome, Neha' })).toBeVisible();
});
