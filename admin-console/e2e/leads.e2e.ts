import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { api, signIn } from './support';

/**
 * Issue 14 (2) in the console: staff create a lead, move it along the funnel (lost is refused without a reason),
 * note it, read its history, and find it in the list with its status; an agent's walk-in lands in "My leads", and
 * the agent converts it once the walk-in customer has registered; the dashboard's leadStatus panel counts it.
 */
test.describe('leads', () => {
  test('create a lead, move its status (lost needs a reason), note it and see it in the list and the dashboard', async ({ page }) => {
    const name = `Lead ${Date.now().toString(36)}`;
    const phone = `9${String(Date.now()).slice(-9)}`;
    await signIn(page, '/Admin/Leads');
    await expect(page).toHaveURL(/\/Admin\/Leads$/);
    await expect(page.getByRole('link', { name: 'Create' })).toBeVisible();
    await expectNoAxeViolations(page, 'leads list');

    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/must be a phone number/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/Admin\/Leads\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('lead-status-new')).toBeVisible();

    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('lead-status-contacted')).toBeVisible();

    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await expect(page.getByRole('option', { name: 'Converted' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Lost' }).click();
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('A lost lead needs a reason')).toBeVisible();
    await expectNoAxeViolations(page, 'lead status dialog');
    await page.getByRole('textbox', { name: /Reason/ }).fill('Took a loan elsewhere');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('lead-status-lost')).toBeVisible();
    await expect(page.getByText('Lost: Took a loan elsewhere')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'New note' }).fill('Call again next quarter');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('lead-note')).toContainText('Call again next quarter');
    const history = page.getByTestId('lead-history-entry');
    await expect(history.filter({ hasText: 'status: new → contacted' })).toBeVisible();
    await expect(history.filter({ hasText: 'status: contacted → lost (Took a loan elsewhere)' })).toBeVisible();
    await expectNoAxeViolations(page, 'lead page');

    await page.goto(page.url().replace(/\/Leads\/.*$/, '/Leads'));
    await page.getByPlaceholder('Name, phone or email').fill(name);
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('lead-status-lost')).toBeVisible();
    // Phones show grouped (formatPhone), stored in E.164.
    await expect(row).toContainText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);

    await page.goto(page.url().replace(/\/Leads.*$/, '/Dashboard'));
    const panel = page.getByTestId('panel-leadStatus');
    await expect(panel.getByRole('table', { name: 'Status' })).toBeVisible();
    await expect(panel.getByRole('row', { name: /^Lost [1-9]/ })).toBeVisible();
  });

  test("an agent's walk-in lead is in My leads, with a duplicate marker when the phone is known", async ({ page }) => {
    const phone = `8${String(Date.now()).slice(-9)}`;
    await signIn(page, '/Admin/agentLeads');
    for (const name of ['Walk-in One', 'Walk-in Two']) {
      await page.getByRole('link', { name: 'New walk-in lead' }).click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} ${phone}`);
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/Admin\/agentLeads\/[0-9a-f-]{36}$/);
      await page.getByRole('menuitem', { name: 'My leads' }).click();
    }
    await expect(page).toHaveURL(/\/Admin\/agentLeads$/);
    const rows = page.locator('tbody tr', { hasText: phone });
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('lead-duplicate')).toHaveCount(2);
    await expectNoAxeViolations(page, 'my leads');

    // The walk-in customer registers; the agent converts their own lead: no borrower named, the one with its phone.
    const client = api();
    const email = `walk.in.${phone}@example.com`;
    await client.call('POST', '/auth/register', null, {
      name: `Walk-in Customer ${phone}`,
      email,
      phone: `+91${phone}`,
      password: 'borrower-password',
    });
    await rows.filter({ hasText: 'Walk-in One' }).click();
    await expect(page).toHaveURL(/\/Admin\/agentLeads\/[0-9a-f-]{36}$/);
    for (const status of ['Contacted', 'Interested', 'Converted']) {
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('combobox', { name: 'New status' }).click();
      await page.getByRole('option', { name: status }).click();
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByTestId(`lead-status-${status.toLowerCase()}`)).toBeVisible();
    }
    await expect(page.getByTestId('lead-history-entry').filter({ hasText: /^borrowerId: — → [0-9a-f-]{36}/ })).toBeVisible();
    await page.getByTestId('lead-customer-link').click();
    await expect(page).toHaveURL(/\/Admin\/Customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `Walk-in Customer ${phone}`, exact: true, level: 1 })).toBeVisible();
  });
});
