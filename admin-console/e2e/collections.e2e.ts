import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { owedOn, type Instalment } from '@lending/web-common/servicing';
import { dpdLabel } from '../src/collections/classification';
import { addDays, api, baseUrl, signIn } from './support';
import { STAFF } from './users';

/**
 * Issue 13's collector journey (docs/collections.md): a disbursed loan's first instalment moves, close of business
 * after close of business, from Upcoming to Due to Overdue on the console's collection screens; a collector records
 * the borrower's promise to pay on the detail page; the borrower pays online on the (sandbox) provider's page;
 * after the next close of business the instalment has left Overdue.
 */
test.describe('collections', () => {
  // The console must work at 1280 px (a collector's laptop).
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an instalment goes Upcoming, Due, Overdue; a promise is recorded; once paid it leaves Overdue', async ({ page }) => {
    const client = api();
    // A second staff member (the collector assigned below), created before the console signs in (an administrator's
    // API sign-in would end its session).
    const unique = Date.now().toString(36);
    const checker = {
      name: 'Anil Desai',
      email: `anil.${unique}@e2e.local`,
      password: 'anil-checker-password',
      roleId: 'operations-manager',
    };
    await client.call('POST', '/admin/users', await client.signIn(STAFF, 'e2e-setup-device'), checker);
    const staff = await client.staff();

    // Letters only: the test client makes the borrower's email from the name.
    const name = `Lakshmi Narayanan ${unique.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const borrowerToken = await client.borrower(name);
    const loanId = await client.loanIn('active', borrowerToken);
    const loan = (await client.call('GET', `/admin/loans/${loanId}`, staff)) as { instalments: (Instalment & { dueDate: string })[] };
    const due = loan.instalments[0]!.dueDate;
    const original = ((await client.call('GET', '/admin/business-date', staff)) as { date: string }).date;

    /** A new business day: the previous day closed (COB for it), then the date moved on. */
    const openDay = async (date: string) => {
      await client.call('PUT', '/admin/business-date', staff, { date });
      await client.call('POST', '/admin/close-of-business', staff, { date: addDays(date, -1) });
    };

    try {
      // Three days before the due date: Upcoming.
      await openDay(addDays(due, -3));
      await signIn(page, '/Admin/Collections?tab=Upcoming');
      await expect(page.getByRole('tab', { name: /Upcoming/, selected: true })).toBeVisible();
      await search(page, name);
      await expect(rowOf(page, name)).toHaveCount(1);
      await expect(rowOf(page, name)).toContainText('#1');

      // The due date: Due (its own page, /Admin/Collection/Due, with a detail page of its own).
      await openDay(due);
      await page.goto(`${baseUrl()}/Admin/Collection/Due`);
      await search(page, name);
      // The page's list keeps its filter in the URL after a debounce: a click before that would be navigated back.
      await expect(page).toHaveURL(/filter=.*Lakshmi/);
      await expect(rowOf(page, name)).toHaveCount(1);
      await page.screenshot({ path: path.join(shots, 'admin-collections-due.png') });
      await rowOf(page, name).click();
      await expect(page).toHaveURL(/\/Admin\/Collection\/Due\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await expectNoAxeViolations(page, 'collection detail (Due)');

      // The day after (the default product has no grace days): Overdue, past due.
      const overdueOn = addDays(due, 1);
      await openDay(overdueOn);
      await page.goto(`${baseUrl()}/Admin/Collections?tab=Overdue`);
      await expect(page.getByRole('tab', { name: /Overdue \(\d+\)/, selected: true })).toBeVisible();
      await search(page, name);
      const overdue = rowOf(page, name);
      await expect(overdue).toHaveCount(1);
      // Days past due as the API counts them at the business date (the RBI's day-end count).
      const [listed] = (await client.call(
        'GET',
        `/admin/collections?filter=${encodeURIComponent(JSON.stringify({ bucket: 'Overdue', q: name }))}`,
        staff,
      )) as { dpd: number }[];
      expect(listed!.dpd).toBeGreaterThan(0);
      await expect(overdue).toContainText(dpdLabel(listed!.dpd));
      await expect(overdue).toContainText('SMA-0');
      await expectNoAxeViolations(page, 'collections, Overdue tab');

      // A manager assigns the row to a collector: select, Assign, choose, confirm.
      await overdue.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Assign' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign to a collector' });
      await expect(assign).toContainText('1 selected row');
      await assign.getByRole('combobox', { name: 'Collector' }).click();
      await page.getByRole('option', { name: checker.name }).click();
      await expectNoAxeViolations(page, 'bulk assign dialog');
      await assign.getByRole('button', { name: `Assign 1 loan to ${checker.name}` }).click();
      await expect(page.getByText(`1 loan assigned to ${checker.name}.`)).toBeVisible();
      await expect(overdue).toContainText(checker.name);
      await expect(overdue.getByRole('checkbox')).not.toBeChecked();
      await page.screenshot({ path: path.join(shots, 'admin-collections-overdue.png') });

      // The dashboard's book by classification counts it.
      await page.goto(`${baseUrl()}/Admin/Dashboard`);
      await expect(page.getByTestId('classification-SMA-0')).toHaveText(/^[1-9]\d*$/);
      await expectNoAxeViolations(page, 'dashboard with the book by classification');

      // The collector calls; the borrower promises to pay in two days.
      await page.goto(`${baseUrl()}/Admin/Collections?tab=Overdue`);
      await search(page, name);
      await overdue.click();
      await expect(page).toHaveURL(/\/Admin\/Collections\/[^/?]+\?tab=Overdue$/);
      await expect(page.getByText('No contact recorded yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Record contact' }).click();
      const dialog = page.getByRole('dialog', { name: `Record contact with ${name}` });
      await dialog.getByRole('combobox', { name: 'Outcome' }).click();
      await page.getByRole('option', { name: 'Promised to pay' }).click();
      await dialog.getByRole('button', { name: 'Record contact' }).click();
      await expect(dialog.getByText('A promise to pay needs the date promised.')).toBeVisible();
      await expectNoAxeViolations(page, 'record contact dialog with a field error');
      const promised = addDays(overdueOn, 2);
      await dialog.getByLabel('Promised to pay on').fill(promised);
      await dialog.getByLabel('Note').fill('Salary expected on Friday');
      await dialog.getByRole('button', { name: 'Record contact' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Contact recorded.')).toBeVisible();
      const log = page.getByRole('table', { name: 'Contact log' });
      await expect(log).toContainText('Promised to pay');
      await expect(log).toContainText('Salary expected on Friday');
      await expect(page.getByTestId('collection-page')).toContainText(/Promised \d+ \w+ \d{4}/);
      await expectNoAxeViolations(page, 'collection detail (Overdue) with its contact log');
      await page.screenshot({ path: path.join(shots, 'admin-collections-detail.png'), fullPage: true });

      // The loan page counts that contact against the borrower's daily cap (recovery conduct, issue 33).
      await page.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${loanId}`);
      const conduct = page.getByTestId('contact-conduct-panel');
      await expect(conduct.getByTestId('contacts-today')).toHaveText(/^1 of \d+ contacts today$/);
      await expect(conduct.getByRole('table', { name: 'Latest collection contacts' })).toContainText('Salary expected on Friday');
      await expect(conduct.getByTestId('contact-window')).toHaveText(/^Contact window (open \(08:00–19:00\)|closed)$/);
      await expectNoAxeViolations(page, 'loan page with contact with the borrower');
      await conduct.screenshot({ path: path.join(shots, 'admin-loan-contact-conduct.png') });

      // The borrower pays what is owed online: the portal's Pay sends them to the (sandbox) provider's page, whose
      // Pay captures the payment with a signed webhook; a provider-confirmed payment needs no staff verification.
      const now = (await client.call('GET', `/admin/loans/${loanId}`, staff)) as { instalments: Instalment[] };
      const owed = owedOn(now.instalments[0]!);
      expect(owed).toBeGreaterThan(0);
      const started = (await send(`/me/loans/${loanId}/payments`, borrowerToken, { amount: owed })) as {
        paymentId: string;
        redirectUrl: string;
      };
      const provider = await page.context().newPage();
      await provider.goto(new URL(started.redirectUrl, baseUrl()).toString());
      await provider.getByRole('button', { name: /^Pay INR/ }).click();
      await provider.waitForURL(new RegExp(`/User/Loans/verifypayment\\?paymentId=${started.paymentId}$`));
      await provider.close();
      const paid = (await client.call('GET', `/me/payments/${started.paymentId}`, borrowerToken)) as { status: string };
      expect(paid.status).toBe('applied');

      // The next day's close of business: the instalment has left Overdue.
      await openDay(addDays(overdueOn, 1));
      await page.goto(`${baseUrl()}/Admin/Collections?tab=Overdue`);
      await search(page, name);
      await expect(page.getByTestId('collections-empty')).toContainText('No overdue instalments');
      await expect(rowOf(page, name)).toHaveCount(0);
    } finally {
      // Later tests expect today's date.
      await client.call('PUT', '/admin/business-date', staff, { date: original });
    }
  });
});

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search name, phone or loan').fill(text);
}

const rowOf = (page: Page, name: string) => page.locator('tbody tr', { hasText: name });

/** A staff command with its Idempotency-Key (the payment commands take one). */
async function send(apiPath: string, token: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/api${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`POST ${apiPath}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
