import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, loanOf, newBorrower, rupees, signInInBrowser, staff } from './support';

/**
 * Issue 33 item 1 through both UIs: a loan paid out today (the business date) is inside its cooling-off window for
 * the whole of the test at any time of day (the window ends at 23:59:59 IST three days later). The borrower sees
 * "Exit this loan" with the amount and the deadline, asks, pays on the sandbox provider's page, and sees the loan
 * exited and closed; staff then see the exit on the console's loan page. Screenshots: docs/screenshots/
 * compliance-cooling-off-*.png.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
/** docs/screenshots/compliance-<name>.png, the whole page (the issue 33 walkthroughs' names). */
async function shot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `compliance-${name}.png`), fullPage: true, animations: 'disabled' });
}

type CoolingOff = { open: boolean; lastDay: string; quote: { amount: number; daysHeld: number } | null };

/** "24 Nov 2026", as the portal's formatDate writes a day (en-IN). */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function paidOutToday(who: ReturnType<typeof newBorrower>) {
  const { id, token } = await loanOf(who, 'signed');
  const staffToken = await staff();
  const { date } = await call<{ date: string }>('GET', '/admin/business-date', staffToken);
  await call('POST', `/admin/loans/${id}/approve-final`, staffToken, {});
  await call('POST', `/admin/loans/${id}/disburse`, staffToken, {
    payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`,
    disbursedOn: date,
  });
  return { id, token };
}

async function payOnSandbox(page: Page, amount: number) {
  await page.getByRole('button', { name: `Pay ${rupees(amount)}` }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
  await page.getByRole('button', { name: `Pay INR ${rupees(amount).replace(/^₹/, '')}` }).click();
  await expect(page).toHaveURL(/\/User\/Loans\/verifypayment\?paymentId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
}

test('a borrower exits a loan in its cooling-off period: sees the amount and deadline, asks, pays; staff see the exit', async ({
  page,
  browser,
}) => {
  const borrower = newBorrower('Meera Exits');
  const loan = await paidOutToday(borrower);
  const before = await call<CoolingOff>('GET', `/me/loans/${loan.id}/cooling-off`, loan.token);
  expect(before.open).toBe(true);
  const amount = before.quote!.amount;
  const deadline = `23:59:59 IST on ${dayLabel(before.lastDay)}`;

  await signInInBrowser(page, borrower);
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${baseUrl()}/User/Loans/${loan.id}`);
  const section = page.getByTestId('cooling-off');
  await expect(section.getByRole('heading', { name: 'Changed your mind? Exit this loan' })).toBeVisible();
  await expect(section.getByTestId('cooling-off-amount')).toHaveText(rupees(amount));
  await expect(section.getByTestId('cooling-off-deadline')).toHaveText(deadline);
  await expectNoAxeViolations(page, 'loan page with the cooling-off exit');
  await shot(page, 'cooling-off-portal-offer');

  await section.getByRole('button', { name: 'Exit this loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exit this loan?' });
  await expect(dialog).toContainText(`You repay ${rupees(amount)}`);
  await expect(dialog).toContainText(`Pay it by ${deadline}`);
  await dialog.getByRole('button', { name: 'Exit this loan' }).click();
  await expect(section.getByTestId('cooling-off-amount')).toHaveText(rupees(amount));
  await expect(section.getByRole('button', { name: `Pay ${rupees(amount)}` })).toBeVisible();
  await shot(page, 'cooling-off-portal-asked');

  await payOnSandbox(page, amount);
  await page.getByRole('link', { name: 'Back to your loan' }).click();
  await expect(page).toHaveURL(new RegExp(`/User/Loans/${loan.id}$`));
  await expect(page.getByTestId('cooling-off-exited')).toHaveText(
    `You exited this loan in its cooling-off period: ${rupees(amount)} received, nothing more is owed.`,
  );
  await expect(page.getByTestId('loan-closed')).toBeVisible();

  // At 360 px nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('cooling-off-exited')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'exited loan at 360 px');
  await shot(page, 'cooling-off-portal-exited-360');

  // Staff: the console's loan page shows the exit and the closed loan. A read-only member of staff of their own (a
  // console sign-in as the first staff user would end the session the API calls of later files use).
  const viewer = {
    name: 'Vikram Viewer',
    email: `vikram.${Date.now()}@portal-e2e.local`,
    password: 'vikram-viewer-password',
    roleId: 'viewer',
  };
  await call('POST', '/admin/users', await staff(), viewer);
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const consolePage = await staffContext.newPage();
  await consolePage.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${loan.id}`);
  await consolePage.getByLabel('Email').fill(viewer.email);
  await consolePage.getByLabel('Password').fill(viewer.password);
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await expect(consolePage.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await consolePage.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${loan.id}`);
  await expect(consolePage.getByTestId('cooling-off-exit')).toHaveText(`Exited: ${rupees(amount)} received; the loan is closed.`);
  await consolePage.getByTestId('cooling-off-panel').scrollIntoViewIfNeeded();
  await shot(consolePage, 'cooling-off-console-exited');
  await staffContext.close();
});
