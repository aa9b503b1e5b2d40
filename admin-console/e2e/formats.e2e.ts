import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import { api, baseUrl, signIn } from './support';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

// A staff member whose browser is set to California and US English: the console still writes dates the house way, in
// India's time (docs/admin-console.md, "Dates, times and money"), not "12/1/2026, 9:48:32 PM".
test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 900 } });

test.describe('one way to write a date, a time and money (issue 28 items 5-6)', () => {
  test('a list writes "1 Dec 2026, 9:33 pm" in India\'s time and rupees; a create names what it made', async ({ page }) => {
    const client = api();
    // Letters only: the seeding email is made from the name.
    const borrower = `Tara Format ${String(Date.now())
      .slice(-6)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const loanId = await client.loanIn('consent.customerpending', await client.borrower(borrower));
    const loan = await client.call('GET', `/admin/loans/${loanId}`, await client.staff());
    const issued = formatDateTime(loan.agreement.issuedAt);
    expect(issued).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);

    await signIn(page, '/Admin/LoanAgreements');
    const row = page.locator('tbody tr', { hasText: borrower });
    await expect(row).toContainText(issued);
    await expect(row).toContainText(formatMoney(loan.amount, 'INR'));
    await expect(row).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
    await page.screenshot({ path: path.join(shots, 'admin-dates-agreements-list.png') });

    await page.goto(`${baseUrl()}/Admin/Leads/create`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Lead ${borrower}`);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(`9${String(Date.now()).slice(-9)}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Lead created')).toBeVisible();
    await expect(page.getByText('Element created')).toHaveCount(0);
    await expectNoAxeViolations(page, 'lead created');
  });
});
