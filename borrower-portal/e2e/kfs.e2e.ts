import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { startBackend, type RunningBackend } from '@lending/web-common/e2e/backend';
import { startSmtp } from '../../backend/test/support/smtp';
import { BANK_SECTION, callAt, newBorrower, STAFF } from './support';

/**
 * Issue 14 items 5 and 6 end to end, on a backend of its own with a worker and a real SMTP server (the suite's runs
 * neither): the agreement's e-sign link arrives by email, the borrower reads the Key Facts Statement at 360 px and
 * signs with the code sent by SMS (read from the SMS log); Step5 shows the KFS and Step6 asks for a code; staff see
 * both agreements with their evidence in the console.
 */
let backend: RunningBackend;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let staffToken: string;
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const api = callAt(() => backend.url);

async function smsCode(phone: string): Promise<string> {
  const rows = await api<{ body: string }[]>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: phone, purpose: 'e-sign' }))}&range=${encodeURIComponent('[0,0]')}`,
    staffToken,
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no e-sign code for ${phone}`);
  return code;
}

/** A borrower with a loan whose agreement is issued (consent.customerpending). */
async function issuedLoan(name: string) {
  const who = newBorrower(name);
  const { token } = await api<{ token: string }>('POST', '/auth/register', null, who);
  const { id } = await api<{ id: string }>('POST', '/me/loans', token, { type: 'EMI', amount: 10_000_000, tenureMonths: 12 });
  await api('POST', `/me/loans/${id}/submit`, token);
  await api('POST', `/admin/loans/${id}/accept`, staffToken, { reason: 'Documents complete' });
  await api('POST', `/admin/loans/${id}/approve-soft`, staffToken, { score: 742 });
  await api('PUT', '/me/profile/bank', token, { holderName: who.name, ...BANK_SECTION });
  await api('POST', `/admin/loans/${id}/approve-bank`, staffToken, { method: 'penny-drop' });
  await api('POST', `/admin/loans/${id}/issue-agreement`, staffToken, {});
  return { who, token, id };
}

test.beforeAll(async () => {
  smtp = await startSmtp();
  backend = await startBackend({
    label: 'portal_kfs',
    staff: STAFF,
    serve: { BORROWER_PORTAL_DIR: 'borrower-portal/dist', ADMIN_CONSOLE_DIR: 'admin-console/dist' },
    jwtSecret: 'portal-kfs-secret-0123456789abcdef',
    env: { WORKER_IN_PROCESS: 'true', SMTP_URL: smtp.url, GRIEVANCE_OFFICER_NAME: 'Meera Iyer' },
  });
  staffToken = (await api<{ token: string }>('POST', '/auth/login', null, { ...STAFF, deviceId: 'portal-kfs-staff' })).token;
});

test.afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
});

test('a borrower signs from the emailed link with the code sent by SMS; the used link then says it does not work', async ({ page }) => {
  const { who, id } = await issuedLoan('Kavya Nair');
  // The worker sends the borrower's emails in no set order ("we have received your application" may come first).
  let mail = await smtp.next(who.email, 60_000);
  while (!/ready to sign/.test(mail.subject ?? '')) mail = await smtp.next(who.email, 60_000);
  expect(mail.subject).toMatch(/ready to sign/);
  const link = /(https?:\/\/[^\s]+\/Eagreement\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
  const token = link.slice(link.lastIndexOf('/') + 1);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${backend.url}/Eagreement/${token}`);
  await expect(page.getByRole('heading', { name: 'Your loan agreement' })).toBeVisible();
  const kfs = page.getByTestId('kfs');
  await expect(kfs.getByRole('heading', { name: 'Key Facts Statement' })).toBeVisible();
  await expect(page.getByTestId('kfs-apr')).toHaveText(/^\d+\.\d{2}%$/);
  await expect(kfs.getByText('Meera Iyer')).toBeVisible();
  await expect(kfs.getByText(/Cooling-off/)).toBeVisible();
  // Nothing wider than the phone's screen (the schedule scrolls inside its own region).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'portal-kfs-eagreement-360');
  await expectNoAxeViolations(page, 'Eagreement (360 px)');

  await page.getByLabel(/I have read the loan agreement/).check();
  await page.getByRole('button', { name: 'Send me a code by SMS' }).click();
  await expect(page.getByTestId('code-sent')).toContainText(who.phone.slice(-4));
  await page.getByLabel('One-time code').fill('000000' === (await smsCode(who.phone)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page.getByRole('alert')).toContainText(/code/i);
  await page.getByLabel('One-time code').fill(await smsCode(who.phone));
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
  await shot(page, 'portal-agreement-signed-by-link');
  expect((await api<{ state: string }>('GET', `/admin/loans/${id}`, staffToken)).state).toBe('final.pending');

  await page.goto(`${backend.url}/Eagreement/${token}`);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(/expired or been used/)).toBeVisible();
  await shot(page, 'portal-agreement-link-invalid');
  await expectNoAxeViolations(page, 'Eagreement, used link');
});

test('Step5 shows the Key Facts Statement; Step6 signs with the code', async ({ page }) => {
  const { who, id } = await issuedLoan('Arjun Rao');
  await page.goto(`${backend.url}/Auth/Login`);
  await page.getByLabel('Email or mobile number').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
  await page.goto(`${backend.url}/User/newLoan/Emi/${id}/Step5`);
  await expect(page.getByTestId('kfs').getByRole('heading', { name: 'Key Facts Statement' })).toBeVisible();
  await expect(page.getByTestId('kfs-apr')).toHaveText(/^\d+\.\d{2}%$/);
  await shot(page, 'portal-kfs-step5');
  await expectNoAxeViolations(page, 'Step5 with the KFS');

  await page.getByRole('link', { name: 'Continue to sign' }).click();
  await expect(page.getByRole('heading', { name: 'Sign your agreement' })).toBeVisible();
  await page.getByLabel(/I have read the loan agreement/).check();
  await expect(page.getByRole('button', { name: 'Sign the agreement' })).toBeDisabled();
  await page.getByRole('button', { name: 'Send me a code by SMS' }).click();
  await expect(page.getByTestId('code-sent')).toBeVisible();
  await page.getByLabel('One-time code').fill(await smsCode(who.phone));
  await shot(page, 'portal-agreement-step6-code');
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`/Step7$`));
  await expect(page.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
});

test('staff see the agreements, one with its hash, evidence and PDF', async ({ browser }) => {
  // A loan signed in the portal's way (code to the registered phone, read from the SMS log).
  const { who, token, id } = await issuedLoan('Arjun Rao');
  const { documentHash } = (await api<{ agreement: { documentHash: string } }>('GET', `/me/loans/${id}`, token)).agreement;
  await api('POST', `/me/loans/${id}/agreement/code`, token);
  await api('POST', `/me/loans/${id}/sign-agreement`, token, { documentHash, code: await smsCode(who.phone) });
  // A browser of its own: the staff session is not the borrower's.
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await page.goto(`${backend.url}/Admin/LoanAgreements`);
  await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`${backend.url}/Admin/LoanAgreements`);
  await expect(page.getByText('Arjun Rao').first()).toBeVisible();
  await shot(page, 'console-agreements-list');
  await expectNoAxeViolations(page, 'LoanAgreements');
  await page.getByText('Arjun Rao').first().click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Agreement/${id}$`));
  await expect(page.getByRole('heading', { name: /Loan agreement/ })).toBeVisible();
  await expect(page.getByText('The portal (Step6)')).toBeVisible();
  await expect(page.getByTestId('agreement-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByRole('button', { name: 'View PDF' }).click();
  await expect(page.locator('iframe[title="Loan agreement PDF"]')).toBeVisible();
  await shot(page, 'console-agreement-evidence');
  await expectNoAxeViolations(page, 'Agreement page');
  await context.close();
});
