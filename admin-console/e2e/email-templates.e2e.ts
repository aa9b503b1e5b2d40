import { expect, test, type Page } from '@playwright/test';
import { startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { startSmtp } from '../../backend/test/support/smtp';
import { apiClient } from './api';
import { OPS, STAFF } from './users';

/**
 * Issue 15 (a) in the console, end to end with a worker and a real SMTP server: staff write a template for "Loan
 * disbursed", a loan is disbursed, and the email the SMTP server receives is that template's; the email log shows it
 * with its template version. This file runs a backend of its own (the suite's runs no worker and no SMTP).
 */
let backend: RunningBackend;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  smtp = await startSmtp();
  backend = await startBackend({
    label: 'e2e_comms',
    staff: STAFF,
    serve: { ADMIN_CONSOLE_DIR: 'admin-console/dist' },
    jwtSecret: 'e2e-comms-secret-0123456789abcdef',
    env: { WORKER_IN_PROCESS: 'true', SMTP_URL: smtp.url, BUSINESS_DATE_MODE: 'manual' },
  });
  await apiClient(backend.url).createStaff([OPS]);
});

test.afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
});

async function signIn(page: Page, path: string) {
  await page.goto(`${backend.url}${path}`);
  await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`${backend.url}${path}`);
}

test('staff write a "loan disbursed" template; a disbursal sends it through SMTP; the email log shows it', async ({ page }) => {
  await signIn(page, '/Admin/EmailTemplates');
  await expect(page).toHaveURL(/\/Admin\/EmailTemplates$/);
  // More templates than a page holds: the search finds the shipped one.
  await page.getByPlaceholder('Name or subject').fill('disbursed');
  await expect(page.getByRole('cell', { name: 'Loan disbursed', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/Admin\/EmailTemplates\/Add$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Disbursal, festive');
  await page.getByRole('combobox', { name: 'Sent on' }).click();
  await page.getByRole('option', { name: 'Loan disbursed' }).click();
  await expect(page.getByRole('cell', { name: '{{payoutReference}}' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Festive cheer: {{amount}} is yours ({{loanReference}})');
  await page
    .getByRole('textbox', { name: 'HTML body' })
    .fill('<p>Namaste {{borrowerName}},</p><p>Your {{amount}} left us as {{payoutReference}}.</p>');
  await page
    .getByRole('textbox', { name: 'Text body' })
    .fill('Namaste {{borrowerName}}, your {{amount}} left us as {{payoutReference}}. {{{amount}}}');
  await page.getByRole('button', { name: 'Save' }).click();
  // The unescaped triple-stash is refused by the server, under its field.
  await expect(page.getByText(/unescaped output/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Text body' }).fill('Namaste {{borrowerName}}, your {{amount}} left us as {{payoutReference}}.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/Admin\/EmailTemplates\/update\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Saving makes version 2')).toBeVisible();

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('template-preview')).toContainText('Festive cheer: ₹1,00,000.00 is yours (3F2A91C0)');
  await expect(page.getByTestId('template-preview')).toContainText('Namaste Asha Rao, your ₹1,00,000.00 left us as UTR3F2A91C0.');
  await expectNoAxeViolations(page, 'email template editor', ['iframe[sandbox]']);
  await page.screenshot({ path: 'test-results/email-template-editor.png', fullPage: true });

  // A borrower's loan goes all the way to disbursal (API), and the worker mails it with the new template.
  const api = apiClient(backend.url);
  const email = `meera.${Date.now()}@example.com`;
  const registered = await api.call('POST', '/auth/register', null, {
    name: 'Meera Nair',
    email,
    phone: `+919${String(Date.now()).slice(-9)}`,
    password: 'borrower-password',
  });
  const loanId = await api.loanIn('active', registered.token as string);
  // The pipeline's other steps mail the borrower too (the shipped templates): the disbursal's is the last.
  let mail = await smtp.next(email, 60_000);
  while (!mail.subject?.startsWith('Festive cheer')) mail = await smtp.next(email, 60_000);
  expect(mail.subject).toBe(`Festive cheer: ₹1,00,000.00 is yours (${loanId.slice(0, 8).toUpperCase()})`);
  expect(mail.text?.trim()).toBe(`Namaste Meera Nair, your ₹1,00,000.00 left us as UTR${loanId.slice(0, 8).toUpperCase()}.`);
  expect(mail.html).toContain('<p>Namaste Meera Nair,</p>');

  // The email log: the row, then its page with the template version and the rendered message.
  await page.getByRole('menuitem', { name: 'Emails' }).click();
  await expect(page).toHaveURL(/\/Admin\/Emails$/);
  await page.getByRole('cell', { name: mail.subject as string }).click();
  await expect(page).toHaveURL(/\/Admin\/Emails\/[0-9a-f-]{36}$/);
  await expect(page.getByText('loan-disbursed, template version 1')).toBeVisible();
  await expect(page.locator('.MuiChip-label', { hasText: /^Sent$/ })).toBeVisible();
  await expect(page.getByTestId('email-text')).toContainText('Namaste Meera Nair');
  await expect(page.getByRole('button', { name: 'Resend' })).toBeDisabled();
  await expectNoAxeViolations(page, 'email page', ['iframe[sandbox]']);
  await page.screenshot({ path: 'test-results/email-show.png', fullPage: true });
});

test('the template pages send a signed-out visitor to sign in; the API behind them stays guarded', async ({ page }) => {
  // The spec lists /Admin/EmailTemplates/Add and /Admin/EmailTemplates/update/{id} without a client guard: both pages
  // show the sign-in form to a signed-out visitor, and nothing of a template, while the API refuses them (401).
  const api = apiClient(backend.url);
  const [template] = (await api.call('GET', '/admin/email-templates?range=[0,0]', await api.staff())) as { id: string; subject: string }[];
  for (const path of ['/Admin/EmailTemplates/Add', `/Admin/EmailTemplates/update/${template!.id}`]) {
    await page.context().clearCookies();
    await page.goto(`${backend.url}${path}`);
    await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(template!.subject)).toHaveCount(0);
  }
  expect((await fetch(`${backend.url}/api/admin/email-templates`)).status).toBe(401);
  expect((await fetch(`${backend.url}/api/admin/email-templates/${template!.id}`)).status).toBe(401);
  const put = await fetch(`${backend.url}/api/admin/email-templates/${template!.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...template, active: false }),
  });
  expect(put.status).toBe(401);
});
