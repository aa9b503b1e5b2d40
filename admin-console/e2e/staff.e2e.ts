import { expect, test } from '@playwright/test';
import { CREDIT_OFFICER, OPS, STAFF } from './users';
import { api, baseUrl, signIn } from './support';

test.describe('staff, permissions and sessions in the admin console', () => {
  test('the users list shows roles and who is online; a user can be edited and their device reloaded', async ({ page }) => {
    await signIn(page, '/Admin/Users');
    const me = page.locator('tbody tr', { hasText: STAFF.email });
    await expect(me).toContainText('Administrator');
    await expect(me).toContainText('online');
    const ops = page.locator('tbody tr', { hasText: OPS.email });
    await expect(ops).toContainText(OPS.name);
    await expect(ops).toContainText('offline');
    await expect(page.locator('tbody tr', { hasText: CREDIT_OFFICER.email })).toContainText('Credit officer');

    await ops.getByText(OPS.name).click();
    await expect(page).toHaveURL(new RegExp(`/Admin/Users/[0-9a-f-]{36}$`));
    await page.getByLabel('Phone').fill('+91 98450 12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Staff member updated')).toBeVisible();
    const saved = await page.evaluate(async (email) => {
      const res = await fetch(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'X-Device-Id': localStorage.getItem('device_id')! },
      });
      return (await res.json())[0];
    }, OPS.email);
    expect(saved.phone).toBe('+919845012345');

    await page.getByRole('button', { name: 'Reload device' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`${OPS.name}'s open pages will reload with a fresh token.`)).toBeVisible();
    await expect(page.getByText('Device: devicereload')).toBeVisible();
  });

  test('roles and permissions: a tick grants a permission to a role', async ({ page }) => {
    await signIn(page, '/Admin/Users/Permissions');
    const cell = page.getByRole('checkbox', { name: 'Collections agent: loans.reject' });
    await expect(cell).not.toBeChecked();
    const administrator = page.getByRole('checkbox', { name: 'Administrator: loans.reject' });
    await expect(administrator).toBeChecked();
    await expect(administrator).toBeDisabled();
    await cell.click();
    await expect(cell).toBeChecked();
    const role = await (
      await fetch(`${baseUrl()}/api/admin/roles/collections-agent`, { headers: { Authorization: `Bearer ${await api().staff()}` } })
    ).json();
    expect(role.permissions).toContain('loans.reject');

    await page.getByLabel('New role').fill('Auditor');
    await page.getByLabel('Description').fill('Reads everything for the yearly audit');
    await page.getByRole('button', { name: 'Add role' }).click();
    await expect(page.getByRole('checkbox', { name: 'Auditor: loans.view' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Auditor: loans.accept' })).not.toBeChecked();
  });

  test('a credit officer sees only the actions their role permits, and no staff administration', async ({ page }) => {
    const client = api();
    const id = await client.loanIn('disbursal.pending', await client.borrower('Farhan Qureshi'));
    await signIn(page, `/Admin/Loan/disbursal/Emi/${id}`, CREDIT_OFFICER);
    await expect(page.getByTestId('summary-State')).toHaveText('Disbursal pending');
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record disbursal' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  });

  test('a device reload asked by staff gives this page a fresh token and reloads it, still signed in', async ({ page }) => {
    await signIn(page, '/Admin/Dashboard');
    await expect(page.getByTestId('presence')).toHaveText('online');
    const before = await page.evaluate(() => localStorage.getItem('token'));
    const client = api();
    const ops = await client.staff();
    const [admin] = await client.call('GET', `/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: STAFF.email }))}`, ops);
    const reloaded = page.waitForEvent('load');
    expect(await client.call('POST', `/admin/users/${admin.id}/reload-device`, ops, {})).toEqual({ id: admin.id, device: 'devicereload' });
    await reloaded;
    await expect(page.getByTestId('presence')).toHaveText('online');
    await expect(page.getByTestId('status-soft/pending')).toBeVisible();
    const after = await page.evaluate(() => localStorage.getItem('token'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });

  test('signing in on another device ends this session with "Someone else logged in!"', async ({ page }) => {
    await signIn(page, '/Admin/Dashboard', OPS);
    await expect(page.getByTestId('presence')).toHaveText('online');
    // Spec §4: the takeover clears local storage and all cookies; these two markers must be gone with the token.
    await page.evaluate(() => {
      localStorage.setItem('takeover-marker', '1');
      document.cookie = 'takeover-marker=1; Path=/';
    });
    const alert = page.waitForEvent('dialog');
    await api().signIn(OPS, 'another-device-0001');
    const dialog = await alert;
    expect(dialog.message()).toBe('Someone else logged in!');
    await dialog.accept();
    await expect(page).toHaveURL(`${baseUrl()}/Admin/login`);
    await expect(page.getByTestId('signed-out-notice')).toHaveText('Someone else logged in!');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('takeover-marker'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('takeover-marker');
  });
});
