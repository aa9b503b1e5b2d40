import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { queryDatabase } from '@lending/web-common/e2e/backend';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, newBorrower, signInInBrowser, staff } from './support';

/**
 * Issue 33 item 4 through the portal, on a phone: a complaint raised at /User/Help shows the grievance officer who
 * owns it and the date it is due by; once 30 days pass unresolved it is escalated and the borrower sees the RBI's
 * complaint portal and how to use it. The 30 days are arranged in the test's database (the complaint's receipt moved
 * back 30 days and a minute), then staff run the escalation (POST /api/admin/grievances/escalate), which reads the
 * server's clock: no waiting, and true at any time of day. Screenshots: docs/screenshots/compliance-grievance-*.png.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `compliance-${name}.png`), fullPage: true, animations: 'disabled' });
}

const receivedDaysAgo = (issueId: string, days: number) =>
  queryDatabase(`UPDATE help_issues SET created_at = now() - make_interval(days => $2, mins => 1) WHERE id = $1`, [issueId, days]);

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('a complaint names its owner; unresolved after 30 days it is escalated and shows the RBI complaint portal', async ({ page }) => {
  const who = newBorrower('Nandini Complains');
  await call('POST', '/auth/register', null, who);
  await signInInBrowser(page, who, '/Auth/Login?returnTo=/User/Help');
  await expect(page).toHaveURL(/\/User\/Help$/);
  await page.getByLabel('What is it about?').selectOption('complaint');
  await page.getByLabel('Your message').fill('I was charged a processing fee the KFS did not show. Please refund it.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Issue #\d+: Complaint/ })).toBeVisible();
  const issueId = new URL(page.url()).searchParams.get('issue')!;
  const box = page.getByRole('note', { name: 'Your complaint' });
  await expect(box).toContainText('Our grievance redressal officer, Grievance Redressal Officer');
  await expect(box).toContainText('We resolve complaints within 30 days');
  await expect(box.getByRole('link', { name: 'https://cms.rbi.org.in' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a complaint with its owner');
  await shot(page, 'grievance-owner-360');

  await receivedDaysAgo(issueId, 30);
  const { escalated } = await call<{ escalated: { id: string }[] }>('POST', '/admin/grievances/escalate', await staff(), {});
  expect(escalated.map((e) => e.id)).toContain(issueId);

  await page.goto(`${baseUrl()}/User/Help?issue=${issueId}`);
  await expect(box).toContainText('We did not resolve your complaint within 30 days.');
  await expect(box.getByRole('link', { name: 'https://cms.rbi.org.in' })).toHaveAttribute('href', 'https://cms.rbi.org.in');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'an escalated complaint');
  await shot(page, 'grievance-escalated-360');
});
