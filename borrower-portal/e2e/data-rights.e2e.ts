import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, loanOf, newBorrower, screenshot, signInInBrowser, staff } from './support';

/**
 * Data rights under the DPDP Act, 2023 (issue 33 item 5), through both UIs on one backend: a borrower with an active
 * loan, on a 360 px phone, downloads their data as JSON and as PDF from "Your data", asks for its erasure behind a
 * confirmation that says what the running loan keeps; a member of staff opens the request in the console and carries
 * it out; the borrower, signed out by it, signs in again and reads the answer.
 */
const who = newBorrower('Ritu Menon');

const phone = (browser: Browser) =>
  browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('a borrower downloads their data and asks for erasure; staff carry it out; the borrower reads what was kept and why', async ({
  browser,
}) => {
  await loanOf(who, 'active');

  const borrowerContext = await phone(browser);
  const portal = await borrowerContext.newPage();
  await signInInBrowser(portal, who, '/Auth/Login?returnTo=/User/Profile');
  await expect(portal).toHaveURL(/\/User\/Profile$/);
  await portal.getByRole('link', { name: 'Your data' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expectNoAxeViolations(portal, '/User/Data at 360 px');

  const json = await download(portal, 'Download as JSON');
  expect(json.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.bytes.toString('utf8'));
  expect(data.account.email).toBe(who.email);
  expect(data.loans).toHaveLength(1);
  expect(data.loans[0].state).toBe('active');
  const pdf = await download(portal, 'Download as PDF');
  expect(pdf.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await portal.getByLabel('Why (optional)').fill('I am moving abroad');
  await portal.getByRole('button', { name: 'Ask us to erase my data' }).click();
  const dialog = portal.getByRole('dialog');
  await expect(dialog).toContainText('We must keep');
  await expect(dialog).toContainText('While your application or loan runs, then 5 years after the last one ends');
  await expectNoAxeViolations(portal, 'the erasure confirmation at 360 px');
  await dialog.getByRole('button', { name: 'Ask us to erase it' }).click();
  await expect(portal.getByTestId('erasure-waiting')).toContainText('We are carrying out your request');
  // The toasts of the downloads and the request, dismissed so the screenshot shows the page.
  const dismiss = portal.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await portal.evaluate(() => window.scrollTo(0, 0));
  await screenshot(portal, 'your-data');

  // Staff: an operations manager of their own (customers.erasure; a console sign-in as the first staff user would end
  // the session the API calls of the files running beside this one use).
  const manager = {
    name: 'Omkar Operations',
    email: `omkar.${Date.now()}@portal-e2e.local`,
    password: 'omkar-operations-password',
    roleId: 'operations-manager',
  };
  await call('POST', '/admin/users', await staff(), manager);
  const consolePage = await (await browser.newContext()).newPage();
  await consolePage.goto(`${baseUrl()}/Admin/ErasureRequests`);
  await consolePage.getByLabel('Email').fill(manager.email);
  await consolePage.getByLabel('Password').fill(manager.password);
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await expect(consolePage.getByRole('menuitem', { name: 'Erasure requests' })).toBeVisible();
  if (!consolePage.url().endsWith('/Admin/ErasureRequests')) await consolePage.goto(`${baseUrl()}/Admin/ErasureRequests`);
  await consolePage.getByRole('cell', { name: who.name }).click();
  await expect(consolePage.getByText('Reason: I am moving abroad')).toBeVisible();
  await consolePage.getByRole('button', { name: 'Carry out' }).click();
  const confirm = consolePage.getByRole('dialog');
  await expect(confirm).toContainText(`Erase the data of ${who.name}?`);
  await confirm.getByRole('button', { name: 'Carry out' }).click();
  await expect(consolePage.getByText(/^Carried out/)).toBeVisible();
  await expect(consolePage.getByText('Kept, and why')).toBeVisible();
  await expectNoAxeViolations(consolePage, 'the carried-out erasure request');

  // Carrying it out ended every session (the integration test checks the sessions are gone): the borrower signs in again.
  await signInInBrowser(portal, who);
  await expect(portal).toHaveURL(/\/User\/Dashboard$/);
  await portal.goto(`${baseUrl()}/User/Data`);
  const request = portal.getByTestId('erasure-request');
  await expect(request).toContainText('carried out on');
  await expect(request).toContainText('Kept, and why');
  await expect(request).toContainText('Know Your Customer (KYC) Direction, 2016');
  await expectNoAxeViolations(portal, 'the erasure answer at 360 px');
});
