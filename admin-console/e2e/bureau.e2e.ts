import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { api, signIn } from './support';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Issue 33 item 7 in the console: a loan paid out on 21 November to a borrower who never filled the profile (no PAN,
 * date of birth or address). Bureau reporting generates November's file (a month that has ended: the shared backend's
 * business date is today), the run's page shows its counts and the borrower among the records not reported, linked to
 * the customer; the file downloads as tudf-2026-11.txt. The page passes axe.
 */
test('bureau reporting: generate November, download the file, the borrower without a PAN in the report', async ({ page }) => {
  const client = api();
  const borrower = await client.borrower('Kiran Bureau');
  await client.loanIn('active', borrower);

  await signIn(page, '/Admin/BureauRuns');
  await page.getByLabel('Month').first().fill('2026-11');
  await page.getByRole('button', { name: 'Generate for month' }).first().click();

  const run = page.getByTestId('bureau-run');
  await expect(run).toContainText('2026-11');
  await expect(run).toContainText('2026-11-30');
  const report = page.getByRole('table', { name: 'Records not reported' });
  const row = report.getByRole('row', { name: /Kiran Bureau/ });
  await expect(row).toContainText('PAN: missing');
  await expect(row.getByRole('link', { name: 'Kiran Bureau' })).toHaveAttribute('href', /\/Admin\/Customers\//);
  await expectNoAxeViolations(page, 'bureau run page');
  await page.screenshot({ path: path.join(shots, 'admin-bureau-run.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download file' }).click()]);
  expect(download.suggestedFilename()).toBe('tudf-2026-11.txt');

  await page.goto(page.url().replace(/\/Admin\/.*$/, '/Admin/BureauRuns'));
  await expect(page.getByRole('cell', { name: '2026-11', exact: true }).first()).toBeVisible();
});
