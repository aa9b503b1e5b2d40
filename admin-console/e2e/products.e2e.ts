import { expect, test } from '@playwright/test';
import { api, signIn } from './support';

/**
 * Issue 12 in the console: loan products as data (list, create with validation, edit as a new version, version
 * history) and the business date in the app bar (manual mode in this suite's backend: change it, with confirmation).
 */
test.describe('loan products', () => {
  test('list the products created from the settings, create one, edit it into version 2 and read the history', async ({ page }) => {
    await signIn(page, '/Admin/Products');
    await expect(page.getByRole('cell', { name: 'personal-loan', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'salary-advance', exact: true })).toBeVisible();
    await expect(page.getByText('18% a year, fee 2%, 3–36 months')).toBeVisible();

    await page.getByRole('link', { name: 'Create' }).click();
    // The list's search box is named "Code or name": wait for the form, and name its fields exactly.
    await expect(page.getByRole('heading', { name: 'New loan product' })).toBeVisible();
    const code = `festive-${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Festive loan');
    await page.getByLabel('Minimum amount (₹)').fill('50000');
    await page.getByLabel('Maximum amount (₹)').fill('20000');
    await page.getByLabel('Annual rate (%)').fill('14');
    await page.getByLabel('Processing fee (%)').fill('1');
    await page.getByLabel('Minimum tenure (months)').fill('6');
    await page.getByLabel('Maximum tenure (months)').fill('24');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must not exceed the maximum amount')).toBeVisible();

    await page.getByLabel('Maximum amount (₹)').fill('300000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Version history' })).toBeVisible();
    await expect(page.getByTestId('version-1')).toContainText('Created');
    await expect(page.getByTestId('version-1')).toContainText('you (');

    await page.getByLabel('Annual rate (%)').fill('13');
    // The sections a borrower completes before submitting: none by the e2e backend's PROFILE_REQUIRED_SECTIONS.
    await expect(page.getByRole('checkbox', { name: 'Bank account' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Personal details' }).check();
    await page.getByRole('checkbox', { name: 'Bank account' }).check();
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await expect(page.getByTestId('version-2')).toContainText('Annual rate: 14 → 13');
    await expect(page.getByTestId('version-2')).toContainText('Profile sections required: none → profile, bank');
    await expect(page.getByTestId('version-1')).toBeVisible();

    // The product is open: the portal's list has it.
    const open = (await api().call('GET', '/public/products', null)) as { code: string; annualRatePercent: number }[];
    expect(open.find((p) => p.code === code)?.annualRatePercent).toBe(13);
  });

  test('a salary advance product asks for a flat fee and pay-day rules, not a rate or tenure; server problems show under the field', async ({
    page,
  }) => {
    await signIn(page, '/Admin/Products/create');
    await expect(page.getByRole('heading', { name: 'New loan product' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill('salary-advance');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Duplicate code');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Salary advance' }).click();
    await expect(page.getByLabel('Annual rate (%)')).toHaveCount(0);
    await expect(page.getByLabel('Default pay day')).toHaveValue('1');
    await page.getByLabel('Minimum amount (₹)').fill('5000');
    await page.getByLabel('Maximum amount (₹)').fill('50000');
    await page.getByLabel('Flat fee (%)').fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A product with the code "salary-advance" already exists.')).toBeVisible();
  });
});

test.describe('the business date', () => {
  test('shows in the app bar and moves, after confirmation, in manual mode', async ({ page }) => {
    const before = (await api().call('GET', '/admin/business-date', await api().staff())) as { date: string; mode: string };
    expect(before.mode).toBe('manual');
    await signIn(page, '/Admin/Dashboard');
    const chip = page.getByTestId('business-date');
    await expect(chip).toContainText('(manual)');
    await chip.click();
    const dialog = page.getByRole('dialog', { name: 'Change the business date' });
    await dialog.getByLabel('New business date').fill('2026-03-31');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move the business date?' });
    await expect(confirm).toContainText('to 31 Mar 2026');
    await confirm.getByRole('button', { name: /Move to/ }).click();
    await expect(chip).toContainText('31 Mar 2026');
    expect(((await api().call('GET', '/admin/business-date', await api().staff())) as { date: string }).date).toBe('2026-03-31');
    // Back to the date the other suites run on.
    await api().call('PUT', '/admin/business-date', await api().staff(), { date: before.date });
  });
});
