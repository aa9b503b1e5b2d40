import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { pdf, png } from '../../backend/test/support/sample-files';
import { api, baseUrl, signIn } from './support';

/**
 * Issue 14 (3) in the console: staff find a customer, open their profile and documents, reject a section with a
 * reason (the borrower's profile answer then shows it), verify another; the SMS log; a lead converted to a borrower
 * picked among customers, linking to the customer.
 */
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function upload(token: string, kind: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), `${kind}.bin`);
  const res = await fetch(`${baseUrl()}/api/me/documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A borrower with every section filled in through the API, as the portal would, and a loan application. */
async function customerWithProfile(name: string) {
  const client = api();
  const token = await client.borrower(name);
  const me = await client.call('GET', '/me', token);
  const identityProofId = await upload(token, 'identityProof', pdf('PAN card'), 'application/pdf');
  const addressProofId = await upload(token, 'addressProof', pdf('Utility bill'), 'application/pdf');
  const slip = await upload(token, 'salarySlip', pdf('Salary slip'), 'application/pdf');
  const selfie = await upload(token, 'selfie', png(480, 480), 'image/png');
  const home = { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001', yearsAtAddress: 3 };
  const sections: Record<string, object> = {
    profile: { dateOfBirth: '1990-04-15', gender: 'female', maritalStatus: 'single' },
    address: { current: home, permanent: home },
    bank: { holderName: name, accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' },
    documents: { pan: 'ABCDE1234F', aadhaarLast4: '1234', identityProofId, addressProofId, incomeProofIds: [slip] },
    employment: { employer: 'Acme Pvt Ltd', employmentType: 'salaried', monthlyNetIncome: 8_500_000, payDayOfMonth: 1 },
    reference: {
      references: [
        { name: 'Ravi Kumar', relation: 'brother', phone: '+919000000001' },
        { name: 'Meera Iyer', relation: 'friend', phone: '+919000000002' },
      ],
    },
    selfie: { documentId: selfie },
  };
  for (const [section, body] of Object.entries(sections)) await client.call('PUT', `/me/profile/${section}`, token, body);
  await client.loanIn('new', token);
  return { token, id: (me.user?._id ?? me._id) as string, email: (me.user?.email ?? me.email) as string };
}

test.describe('customers', () => {
  test('find a customer, read their profile and documents, reject a section with a reason and verify another', async ({ page }) => {
    const name = `Asha Customer ${Date.now()
      .toString()
      .slice(-6)
      .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;
    const borrower = await customerWithProfile(name);

    await signIn(page, '/Admin/Customers');
    await page.getByPlaceholder(/Name, phone, email/).fill(name);
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('menuitem', { name: 'Customers' })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expectNoAxeViolations(page, 'customers list');
    await page.screenshot({ path: path.join(shots, 'admin-customers-list.png') });

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/Admin/Customers/${borrower.id}$`));
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible();
    for (const label of ['Profile', 'Address', 'Bank account', 'Employment', 'Documents', 'References', 'Selfie']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
    const documents = page.getByTestId('section-documents');
    await expect(documents).toContainText('ABCDE1234F');
    await expect(page.getByTestId('section-bank')).toContainText('XXXXXX9012');
    await expectNoAxeViolations(page, 'customer profile');

    // The selfie inline; a PDF in a frame that can be opened in a tab of its own.
    await page.getByTestId('section-selfie').getByRole('button', { name: 'View selfie' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('img')).toBeVisible();
    expect(await viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await page.screenshot({ path: path.join(shots, 'admin-customers-document.png') });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await documents.getByRole('button', { name: 'View identity proof' }).click();
    await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', /^blob:/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Reject Documents: the reason is required, then the borrower's profile answer carries it.
    await documents.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Documents?' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText(/Say what the borrower must fix/)).toBeVisible();
    await expectNoAxeViolations(page, 'reject dialog');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The PAN card photo is blurred; upload a sharper scan');
    await page.screenshot({ path: path.join(shots, 'admin-customers-reject.png') });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(documents.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(documents.getByText('Rejected: The PAN card photo is blurred; upload a sharper scan')).toBeVisible();
    await expect(documents.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    const mine = (await api().call('GET', '/me/profile/sections', borrower.token)) as {
      section: string;
      status: string;
      reason: string | null;
    }[];
    expect(mine.find((s) => s.section === 'documents')).toMatchObject({
      status: 'rejected',
      reason: 'The PAN card photo is blurred; upload a sharper scan',
    });

    // Verify Address.
    const address = page.getByTestId('section-address');
    await address.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Verify Address?' }).getByRole('button', { name: 'Verify' }).click();
    await expect(address.getByText('Verified', { exact: true })).toBeVisible();
    await expect(address).toContainText(/verified by /);
    await page.screenshot({ path: path.join(shots, 'admin-customers-profile.png'), fullPage: true });

    await page.getByRole('tab', { name: /Loans/ }).click();
    await expect(page.getByRole('table', { name: 'Loans' }).locator('tbody tr')).toHaveCount(1);
    await expectNoAxeViolations(page, 'customer loans');
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText(/Documents rejected by .*: “The PAN card photo is blurred/)).toBeVisible();
  });

  test('the SMS log lists each message with phone, purpose and time', async ({ page }) => {
    const phone = `+919${String(Date.now()).slice(-9)}`;
    await api().call('POST', '/public/otp', null, { phone, purpose: 'quick-start' });
    await signIn(page, '/Admin/Sms');
    await page.getByRole('textbox', { name: /Phone/ }).fill(phone);
    // Listed grouped as people read it (formatPhone): +91 9xxxx xxxxx.
    const row = page.locator('tbody tr', { hasText: `+91 ${phone.slice(3, 8)} ${phone.slice(8)}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('quick-start');
    await expect(row).toContainText(/Logged/);
    await expectNoAxeViolations(page, 'sms log');
    await page.screenshot({ path: path.join(shots, 'admin-customers-sms-log.png') });
  });

  test('a lead is converted to a borrower picked among customers, and links to the customer', async ({ page }) => {
    const client = api();
    const staff = await client.staff();
    // Letters only: the test API client makes the borrower's email from the name.
    const name = `Ravi Lead ${Date.now()
      .toString()
      .slice(-6)
      .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;
    await client.borrower(name);
    const lead = await client.call('POST', '/admin/leads', staff, { name, phone: `7${String(Date.now()).slice(-9)}` });
    for (const status of ['contacted', 'interested']) await client.call('POST', `/admin/leads/${lead.id}/status`, staff, { status });

    await signIn(page, `/Admin/Leads/${lead.id}`);
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Converted' }).click();
    await page.getByRole('combobox', { name: 'Borrower' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expectNoAxeViolations(page, 'lead conversion dialog');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('lead-status-converted')).toBeVisible();
    await page.getByTestId('lead-customer-link').click();
    await expect(page).toHaveURL(/\/Admin\/Customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible();
  });
});
