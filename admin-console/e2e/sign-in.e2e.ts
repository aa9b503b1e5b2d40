import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support';
import { STAFF } from './users';

/** The sign-in form, as the login page shows it. */
const signInForm = (page: Page) => page.getByRole('button', { name: 'Sign in' });

async function signInHere(page: Page) {
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await signInForm(page).click();
}

// Playwright's default expect timeout (5 s): a console that keeps a visitor waiting longer fails here.
test.describe('signed out, the console goes straight to its sign-in form', () => {
  for (const path of ['/Admin', '/Admin/Dashboard', '/Admin/Loan/soft/pending']) {
    test(`${path} shows the sign-in form, after one redirect`, async ({ page }) => {
      await page.goto(`${baseUrl()}${path}`);
      await expect(signInForm(page)).toBeVisible();
      await expect(page).toHaveURL(`${baseUrl()}/Admin/login`);
      // One replace, not a storm of sign-out navigations: the opened page and the login page at most.
      expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
    });
  }

  test('signing in from there shows the menu with its queue counts (no answer cached while signed out survives)', async ({ page }) => {
    await page.goto(`${baseUrl()}/Admin/Dashboard`);
    await signInHere(page);
    await expect(page).toHaveURL(`${baseUrl()}/Admin/Dashboard`);
    await expect(page.getByTestId('count-soft/pending')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  });

  test("the sign-in form needs none of the console's own code: it shows while react-admin and the screens are held back", async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/Admin\/assets\/Console-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/Admin/Loan/soft/pending`);
    await expect(signInForm(page)).toBeVisible();
    await expect.poll(() => asked).toBe(true); // loaded behind the form, for after the sign-in
    release();
    await signInHere(page);
    // Back where the visitor was going, not only to the dashboard.
    await expect(page).toHaveURL(`${baseUrl()}/Admin/Loan/soft/pending`);
    await expect(page.getByTestId('count-soft/pending')).toBeVisible();
  });

  test('a token the server refuses ends on the sign-in form with the reason, and signing in again restores the menu', async ({ page }) => {
    await page.goto(`${baseUrl()}/Admin/login`);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto(`${baseUrl()}/Admin/Dashboard`);
    await expect(signInForm(page)).toBeVisible();
    // Whichever notices first says why: the refused request ("Your session has ended…") or the refused presence
    // socket (the server's sentence about the token).
    await expect(page.getByTestId('signed-out-notice')).toHaveText(/sign in/i);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await signInHere(page);
    await expect(page.getByTestId('count-soft/pending')).toBeVisible();
  });
});
