import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { addDays, api, baseUrl, signIn } from './support';
import { BACKEND, STAFF } from './users';

/**
 * Issue 27 items 3 and 4 in the console: the business date page in both modes; in manual mode staff move the date to
 * 8 days after a due date and run close of business from the page, and the loan is SMA-0 right after it; the Overdue
 * tab and the detail page show what is owed now; a bucket's detail page shows only a row of that bucket.
 */
test.describe('business date and close of business', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('manual mode: move the date, run close of business with progress and a summary; the loan 8 days past due is SMA-0', async ({
    page,
  }) => {
    const client = api();
    const staff = await client.staff();
    const unique = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const name = `Farah Eightdays ${unique}`;
    const loanId = await client.loanIn('active', await client.borrower(name));
    const loan = (await client.call('GET', `/admin/loans/${loanId}`, staff)) as { instalments: { dueDate: string }[] };
    const due = loan.instalments[0]!.dueDate;
    const original = ((await client.call('GET', '/admin/business-date', staff)) as { date: string }).date;
    const classification = async () =>
      ((await client.call('GET', `/admin/loans/${loanId}/delinquency`, staff)) as { classification: string }).classification;
    const moveTo = addDays(due, 8);

    try {
      await signIn(page, '/Admin/BusinessDate');
      await expect(page.getByRole('heading', { level: 1, name: 'Business date' })).toBeVisible();
      await page.getByRole('button', { name: 'Change the business date' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the business date' });
      await dialog.getByLabel('New business date').fill(moveTo);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: `Move to ${formatDate(moveTo)}` }).click();
      await expect(page.getByTestId('business-date-value')).toHaveText(formatDate(moveTo));
      const card = page.getByTestId('close-of-business');
      await expect(card).toContainText(`Closes every day up to and including ${formatDate(addDays(moveTo, -1))}`);
      expect(await classification()).toBe('standard');

      await card.getByRole('button', { name: 'Run close of business' }).click();
      await page
        .getByRole('dialog', { name: 'Run close of business?' })
        .getByRole('button', { name: `Close through ${formatDate(addDays(moveTo, -1))}` })
        .click();
      await expect(card.getByText(`Closed through ${formatDate(addDays(moveTo, -1))}. Finished`)).toBeVisible();
      const summary = card.getByRole('table', { name: 'What the run did' });
      await expect(summary).toContainText('Loans aged');
      await expect(summary).toContainText('Loans reclassified');
      await expect(summary).toContainText('Penal charges applied');
      await expect(summary).toContainText('Reminders queued');
      expect(await classification()).toBe('SMA-0');
      await expectNoAxeViolations(page, 'business date page, manual mode, after a close of business run');
      await page.screenshot({ path: path.join(shots, 'admin-business-date-manual.png'), fullPage: true });

      // The Overdue tab: one row for instalment 1, at what is still owed on it, SMA-0, 8 days past due.
      const [row] = (await client.call(
        'GET',
        `/admin/collections?filter=${encodeURIComponent(JSON.stringify({ bucket: 'Overdue', q: name }))}`,
        staff,
      )) as { id: string; amountDue: number; dpd: number }[];
      expect(row!.dpd).toBe(8);
      await page.goto(`${baseUrl()}/Admin/Collections?tab=Overdue`);
      await page.getByPlaceholder('Search name, phone or loan').fill(name);
      const listed = rowOf(page, name);
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText('SMA-0');
      await expect(listed).toContainText(formatMoney(row!.amountDue, 'INR'));
      await expectNoAxeViolations(page, 'collections, Overdue tab, amounts owed now');
      await page.screenshot({ path: path.join(shots, 'admin-collections-overdue-owed.png') });

      await listed.click();
      await expect(page.getByTestId('collection-page')).toContainText(`Still owed on it${formatMoney(row!.amountDue, 'INR')}`);
      await expect(page.getByTestId('owed-split')).toContainText('Principal');
      await expectNoAxeViolations(page, 'collection detail with the amount owed by part');
      await page.screenshot({ path: path.join(shots, 'admin-collection-detail-owed.png'), fullPage: true });

      // The Paid page's detail path for a row that is overdue: where it is, with a link there.
      await page.goto(`${baseUrl()}/Admin/Collection/Paid/${encodeURIComponent(row!.id)}`);
      await expect(page.getByTestId('not-in-bucket')).toContainText('This row is not in Paid at the business date. It is in:');
      await expectNoAxeViolations(page, 'collection detail through a bucket the row is not in');
      await page.screenshot({ path: path.join(shots, 'admin-collection-not-in-bucket.png') });
      await page.getByTestId('not-in-bucket').getByRole('link', { name: 'Overdue' }).click();
      await expect(page).toHaveURL(/\/Admin\/Collections\/[^/?]+\?tab=Overdue$/);
      await expect(page.getByTestId('collection-page')).toBeVisible();
    } finally {
      // Later tests expect today's date.
      await client.call('PUT', '/admin/business-date', staff, { date: original });
    }
  });
});

test.describe('automatic mode', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  let backend: RunningBackend;

  test.beforeAll(async () => {
    backend = await startBackend({
      label: 'e2e_automatic',
      staff: STAFF,
      serve: { ADMIN_CONSOLE_DIR: 'admin-console/dist' },
      jwtSecret: BACKEND.jwtSecret,
    });
  });

  test.afterAll(async () => {
    await backend?.stop();
  });

  test('the business date page says why the date cannot be moved and how to switch; the app bar date leads there', async ({ page }) => {
    await page.goto(`${backend.url}/Admin/Dashboard`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await page.getByTestId('business-date').click();
    await expect(page).toHaveURL(/\/Admin\/BusinessDate$/);
    const explanation = page.getByTestId('automatic-explanation');
    await expect(explanation).toContainText('BUSINESS_DATE_MODE=automatic');
    await expect(explanation).toContainText('BUSINESS_DATE_MODE=manual');
    await expect(explanation).toContainText('ALLOW_MANUAL_BUSINESS_DATE=true');
    await expect(explanation).toContainText('business-date.manage');
    await expect(page.getByRole('button', { name: 'Run close of business' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'business date page, automatic mode');
    await page.screenshot({ path: path.join(shots, 'admin-business-date-automatic.png') });
  });
});

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

const rowOf = (page: Page, name: string) => page.locator('tbody tr', { hasText: name });
