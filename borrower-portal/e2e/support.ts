import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { baseUrl } from '@lending/web-common/e2e/backend';

export { baseUrl };

/** The first staff user, who moves loans through the pipeline in the tests (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const STAFF = { email: 'admin@portal-e2e.local', password: 'admin-portal-e2e-password' };

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
/** docs/screenshots/portal-<name>.png, the whole page. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `portal-${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * The HTTP API as staff and as scripts use it (docs/api.md walk-through), on the backend `url()` names: the suite's
 * shared one, or a file's own (a backend started with a worker in its process).
 */
export function callAt(url: () => string) {
  return async function call<T = any>(method: string, apiPath: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${url()}/api${apiPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(json)}`);
    return json as T;
  };
}

/** The HTTP API on the suite's shared backend. */
export const call = callAt(baseUrl);

/** The Bank section approve-bank reads (holder: the borrower's own name, which the development penny drop matches). */
export const BANK_SECTION = { accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' };

/** approve-bank as the pipeline needs it: the borrower's Bank section filled, then a penny drop. */
export async function approveBank(loanId: string, borrowerToken: string, staffToken: string) {
  const me = await call<{ name: string }>('GET', '/me/profile', borrowerToken);
  await call('PUT', '/me/profile/bank', borrowerToken, { holderName: me.name, ...BANK_SECTION });
  return call('POST', `/admin/loans/${loanId}/approve-bank`, staffToken, { method: 'penny-drop' });
}

/** A submitted loan taken by staff to the borrower's signature (consent.customerpending): the agreement's hash back. */
export async function issueAgreement(loanId: string, borrowerToken: string): Promise<string> {
  const staffToken = await staff();
  await call('POST', `/me/loans/${loanId}/submit`, borrowerToken);
  await call('POST', `/admin/loans/${loanId}/accept`, staffToken, { reason: 'Documents complete' });
  await call('POST', `/admin/loans/${loanId}/approve-soft`, staffToken, { score: 742 });
  await approveBank(loanId, borrowerToken, staffToken);
  const issued = await call<{ agreement: { documentHash: string } }>('POST', `/admin/loans/${loanId}/issue-agreement`, staffToken, {});
  return issued.agreement.documentHash;
}

let staffToken: string | null = null;
export async function staff(): Promise<string> {
  staffToken ??= (await call<{ token: string }>('POST', '/auth/login', null, { ...STAFF, deviceId: 'portal-e2e-staff' })).token;
  return staffToken;
}

/** The last e-sign code sent by SMS to `phone`, read from the SMS log as staff (development keeps codes readable). */
export async function lastSigningCode(phone: string, baseStaffToken?: string): Promise<string> {
  const token = baseStaffToken ?? (await staff());
  const rows = await call<{ body: string }[]>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: phone, purpose: 'e-sign' }))}&range=${encodeURIComponent('[0,0]')}`,
    token,
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no e-sign code for ${phone} in the SMS log`);
  return code;
}

/** Step6 through the API: a code to the borrower's registered phone, read from the SMS log, then the signature. */
export async function signWithCode(loanId: string, documentHash: string, borrowerToken: string, phone: string): Promise<void> {
  await call('POST', `/me/loans/${loanId}/agreement/code`, borrowerToken);
  await call('POST', `/me/loans/${loanId}/sign-agreement`, borrowerToken, { documentHash, code: await lastSigningCode(phone) });
}

/**
 * A borrower's loan moved by the API to `until`: `new` (registered, applied for), `signed` (the agreement signed,
 * awaiting final approval) or `active` (paid out on 2026-11-21). Answers the loan id and the borrower's token.
 */
export async function loanOf(
  who: ReturnType<typeof newBorrower>,
  until: 'new' | 'signed' | 'active',
  body: object = { type: 'EMI', amount: 10_000_000, tenureMonths: 12 },
) {
  const { token } = await call<{ token: string }>('POST', '/auth/register', null, who);
  const { id } = await call<{ id: string }>('POST', '/me/loans', token, body);
  if (until === 'new') return { id, token };
  await signWithCode(id, await issueAgreement(id, token), token, who.phone);
  if (until === 'signed') return { id, token };
  const staffToken = await staff();
  await call('POST', `/admin/loans/${id}/approve-final`, staffToken, {});
  await call('POST', `/admin/loans/${id}/disburse`, staffToken, {
    payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`,
    disbursedOn: '2026-11-21',
  });
  return { id, token };
}

/** A registered borrower's EMI loan of ₹1,00,000 over 12 months, through the pipeline by the API, paid out on 2026-11-21. */
export const activeLoan = async (who: ReturnType<typeof newBorrower>): Promise<string> => (await loanOf(who, 'active')).id;

let counter = 0;
/** A new borrower's details, unique in the run. */
export function newBorrower(name: string) {
  counter += 1;
  const unique = `${Date.now()}${counter}`.slice(-10);
  return {
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${unique}@example.com`,
    phone: `+919${unique.slice(-9)}`,
    password: 'borrower-password',
  };
}

export async function registerInBrowser(page: Page, who: ReturnType<typeof newBorrower>) {
  await page.goto(`${baseUrl()}/Auth/Register`);
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mobile number').fill(who.phone);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/User\/Dashboard$/);
}

export async function signInInBrowser(page: Page, who: { email: string; password: string }, path = '/Auth/Login') {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByLabel('Email or mobile number').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Expected money text as the portal formats it (en-IN, rupees from paise). */
export const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(minor / 100);

/** The portal's public pages and sign-in pages with the heading each shows: the public and accessibility suites walk them. */
export const INFO_PAGES: [string, string][] = [
  ['/', 'Borrow for what matters, repay in fixed monthly EMIs'],
  ['/About', 'About Open Lending'],
  ['/Contact-us', 'Contact us'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
  ['/Rate-terms', 'Rates and fees'],
  ['/EmiCalculator', 'EMI calculator'],
];
export const AUTH_PAGES: [string, string][] = [
  ['/Auth/Login', 'Sign in'],
  ['/Auth/Register', 'Create your account'],
  ['/Auth/ForgotPassword', 'Forgot your password?'],
];
