import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { pdf } from '../../backend/test/support/sample-files';
import { baseUrl, call, issueAgreement, newBorrower, screenshot, signWithCode, staff } from './support';

/**
 * Issue 28 item 2: every portal route of the specification (spec §2: public, auth, quick start, /User/...) at a
 * 360 px phone and a 1280 px desktop. On each, the page does not scroll sideways (the document is no wider than the
 * window) and axe-core finds no WCAG 2 A/AA violation. One navigation per route, measured at both widths; the
 * borrower area is one borrower with loans in every state a step needs (an active one among them), signed in once.
 */

const WIDTHS = [360, 1280] as const;

type Route = {
  path: string;
  /** Where the page settles when the route redirects (a resume link to its step, /ClearCache to home). */
  lands?: RegExp;
  /** The page is an error page on purpose (page not found). */
  error?: true;
};

/** The document is no wider than the window; on failure, the elements that stick out say where to look. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 8)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} (right ${Math.round(e.getBoundingClientRect().right)})`,
      ),
  }));
  expect(
    scrollWidth,
    `${label} scrolls sideways: ${scrollWidth} px wide in a ${innerWidth} px window; sticking out: ${wide.join(', ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Opens the route once, waits for its content, then checks it at each width. */
async function checkRoute(page: Page, route: Route) {
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await page.goto(`${baseUrl()}${route.path}`);
  await expect(page).toHaveURL(route.lands ?? new RegExp(`${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Loaded: no "Loading…" left, and not an error page unless that is the point.
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
  await expect(page.locator('.error-view')).toHaveCount(route.error ? 1 : 0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
    const label = `${route.path} at ${width} px`;
    await expectNoSidewaysScroll(page, label);
    await expectNoAxeViolations(page, label);
  }
}

let borrowerToken: string;
const deviceId = `every-route-${Date.now()}`;
const borrower = newBorrower('Meera Pillai');
const loans: Record<'active' | 'newEmi' | 'newAdvance' | 'signEmi' | 'signAdvance' | 'appliedEmi' | 'appliedAdvance', string> = {} as never;
const state = 'Goa';
const quickStartPhone = `+917${String(Date.now()).slice(-9)}`;
let quickStartProof: { proof: string; expiresIn: number };

const startLoan = (type: 'EMI' | 'salaryAdvance') =>
  call<{ id: string }>(
    'POST',
    '/me/loans',
    borrowerToken,
    type === 'EMI' ? { type, amount: 10_000_000, tenureMonths: 12 } : { type, amount: 2_000_000 },
  ).then((l) => l.id);

/** A loan taken as far as the borrower's signature (consent.customerpending); the agreement's hash comes back. */
async function agreementIssued(type: 'EMI' | 'salaryAdvance'): Promise<{ id: string; hash: string }> {
  const id = await startLoan(type);
  return { id, hash: await issueAgreement(id, borrowerToken) };
}

async function upload(kind: string, name: string) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(pdf(name))], { type: 'application/pdf' }), `${kind}.pdf`);
  const res = await fetch(`${baseUrl()}/api/me/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${borrowerToken}`, 'X-Device-Id': deviceId },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${kind}: ${res.status} ${await res.text()}`);
}

/** A quick start with every step answered, through the API: the pages show the answers and the review. */
async function answeredQuickStart() {
  await call('POST', '/public/otp', null, { phone: quickStartPhone, purpose: 'quick-start' });
  const sms = await call<Array<{ body: string }>>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: quickStartPhone }))}`,
    await staff(),
  );
  const code = /\b(\d{6})\b/.exec(sms[0]!.body)![1];
  quickStartProof = await call('POST', '/public/otp/verify', null, { phone: quickStartPhone, purpose: 'quick-start', code });
  const { proof } = quickStartProof;
  const view = await call<{ consents: Array<{ key: string; version: string }> }>('POST', '/public/quick-start', null, { proof });
  await call('PUT', '/public/quick-start/steps/basic', null, {
    proof,
    name: 'Anil Joseph Vettukattil',
    email: `anil.${Date.now()}@example.com`,
    dateOfBirth: '1990-04-15',
    gender: 'male',
    maritalStatus: 'married',
  });
  await call('PUT', '/public/quick-start/steps/employment', null, {
    proof,
    employmentType: 'salaried',
    employer: 'Malabar Coastal Shipping and Logistics Private Limited',
  });
  await call('PUT', '/public/quick-start/steps/income', null, { proof, monthlyNetIncome: 8_500_000, payDayOfMonth: 1 });
  await call('PUT', '/public/quick-start/steps/loan', null, { proof, type: 'EMI', amount: 25_000_000, tenureMonths: 24 });
  await call('PUT', '/public/quick-start/steps/consents', null, {
    proof,
    ...Object.fromEntries(view.consents.map((c) => [c.key, { accepted: true, version: c.version }])),
  });
}

test.beforeAll(async () => {
  borrowerToken = (await call<{ token: string }>('POST', '/auth/register', null, { ...borrower, deviceId })).token;
  // An active loan (its schedule on the loan page), and for each type a loan at each step the flow shows.
  const active = await agreementIssued('EMI');
  await signWithCode(active.id, active.hash, borrowerToken, borrower.phone);
  await call('POST', `/admin/loans/${active.id}/approve-final`, await staff(), {});
  await call('POST', `/admin/loans/${active.id}/disburse`, await staff(), {
    payoutReference: 'UTR-EVERY-ROUTE-1',
    disbursedOn: '2026-11-21',
  });
  loans.active = active.id;
  loans.signEmi = (await agreementIssued('EMI')).id;
  loans.signAdvance = (await agreementIssued('salaryAdvance')).id;
  for (const [key, type] of [
    ['appliedEmi', 'EMI'],
    ['appliedAdvance', 'salaryAdvance'],
  ] as const) {
    loans[key] = await startLoan(type);
    await call('POST', `/me/loans/${loans[key]}/submit`, borrowerToken);
  }
  loans.newEmi = await startLoan('EMI');
  loans.newAdvance = await startLoan('salaryAdvance');
  // Uploads, so /User/Help lists attachments to tick (the list issue 28 found broken).
  await upload('identityProof', 'PAN card');
  await upload('salarySlip', 'Salary slip, November');
  await upload('bankStatement', 'Bank statement, November');
  // Made once per run (a worker restarted after a failure runs this again: the page is there already).
  await call('POST', '/admin/state-pages', await staff(), {
    state,
    city: 'Panaji',
    title: 'Personal loans in Panaji',
    text: 'Apply online from anywhere in Goa.',
    offer: 'Processing fee waived in December',
    active: true,
  }).catch((error: Error) => {
    if (!/ 409 /.test(error.message)) throw error;
  });
  await answeredQuickStart();
});

test('public pages, sign-in pages and page not found: no sideways scroll at 360 and 1280 px, no axe violation', async ({ page }) => {
  const routes: Route[] = [
    { path: '/' },
    { path: '/About' },
    { path: '/Contact-us' },
    { path: '/privacy-policy' },
    { path: '/terms-and-conditions' },
    { path: '/Rate-terms' },
    { path: '/EmiCalculator' },
    { path: '/Eagreement/3f1e0c4e-0000-4000-8000-000000000001' },
    { path: `/${state}/Panaji` },
    { path: '/Auth/Login' },
    { path: '/Auth/Register' },
    { path: '/Auth/ForgotPassword' },
    { path: '/Auth/confirm-password/reset-token-that-does-not-exist' },
    { path: '/No/such/page', error: true },
    { path: '/ClearCache', lands: new RegExp(`^${baseUrl()}/$`) },
  ];
  for (const route of routes) await checkRoute(page, route);
});

test('quick start, every step: no sideways scroll at 360 and 1280 px, no axe violation', async ({ page }) => {
  await checkRoute(page, { path: '/quickStart' });
  // The phone step, then the code step with the phone in this tab's storage, then every step with its proof.
  await page.evaluate((phone) => sessionStorage.setItem('quickStart', JSON.stringify({ phone })), quickStartPhone);
  await checkRoute(page, { path: '/quickStart/components/Otp' });
  await page.evaluate(
    ({ phone, proof, expiresIn }) =>
      sessionStorage.setItem('quickStart', JSON.stringify({ phone, proof, expiresAt: Date.now() + expiresIn * 1000 - 30_000 })),
    { phone: quickStartPhone, ...quickStartProof },
  );
  for (const step of ['Step0', 'Step1', 'Step2', 'Step3', 'Step4', 'Step5', 'Step6'])
    await checkRoute(page, { path: `/quickStart/components/${step}` });
});

test.describe('signed in as a borrower with an active loan', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(
      ({ token, device }) => {
        localStorage.setItem('device_id', device);
        localStorage.setItem('token', token);
      },
      { token: borrowerToken, device: deviceId },
    );
  });

  test('dashboard, loans, help, consents, your data and profile: no sideways scroll at 360 and 1280 px, no axe violation', async ({
    page,
  }) => {
    const routes: Route[] = [
      { path: '/User/Dashboard' },
      { path: '/User/Loans' },
      { path: `/User/Loans/${loans.active}` },
      { path: '/User/Loans/verifypayment' },
      { path: '/User/Help' },
      // The borrower's consents (issue 33 item 5): the bureau-reporting one the active loan's signing gave, with its reason.
      { path: '/User/Consents' },
      // Your data (issue 33 item 5): the downloads, offers and news, and erasure with what an active loan keeps.
      { path: '/User/Data' },
      { path: '/User/Profile' },
      ...['Profile', 'Address', 'Bank', 'Documents', 'Employment', 'Reference', 'Selfie'].map((section) => ({
        path: `/User/Profile/${section}`,
      })),
      { path: '/User/Dashboard/nothing-here', error: true },
    ];
    for (const route of routes) await checkRoute(page, route);
  });

  test('/User/Help lists the uploads as checkboxes with their names beside them, on a phone and a desktop', async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      await page.goto(`${baseUrl()}/User/Help`);
      const attachments = page.getByRole('group', { name: 'Attach documents (optional)' }).getByRole('checkbox');
      await expect(attachments).toHaveCount(3);
      for (const name of [/^Identity proof, uploaded/, /^Salary slip, uploaded/, /^Bank statement, uploaded/]) {
        const box = await page.getByRole('checkbox', { name }).boundingBox();
        const label = await page.locator('label.check', { has: page.getByRole('checkbox', { name }) }).boundingBox();
        // A checkbox the size of a checkbox, its label beside it on the same line and inside the window.
        expect(box!.width).toBeLessThanOrEqual(24);
        expect(label!.x + label!.width).toBeLessThanOrEqual(width);
        expect(label!.height).toBeLessThan(60);
      }
      await page.getByRole('checkbox', { name: /^Salary slip/ }).check();
      await expect(page.getByRole('checkbox', { name: /^Salary slip/ })).toBeChecked();
      await expectNoSidewaysScroll(page, `/User/Help at ${width} px`);
      // From the top, or the sticky header is drawn where the page was scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `help-attachments-${width}`);
    }
  });

  for (const segment of ['Emi', 'salaryAdvance'] as const) {
    test(`the ${segment} application flow, every step: no sideways scroll at 360 and 1280 px, no axe violation`, async ({ page }) => {
      const [created, signing, applied] =
        segment === 'Emi' ? [loans.newEmi, loans.signEmi, loans.appliedEmi] : [loans.newAdvance, loans.signAdvance, loans.appliedAdvance];
      const base = `/User/newLoan/${segment}`;
      const routes: Route[] = [
        { path: base },
        { path: `${base}/${created}`, lands: new RegExp(`${created}/Step0$`) },
        { path: `${base}/${created}/Step0` },
        { path: `${base}/${created}/Step1` },
        { path: `${base}/${signing}/Step5` },
        { path: `${base}/${signing}/Step5/pdfDisplay` },
        { path: `${base}/${signing}/Step5/pdfDownload` },
        { path: `${base}/${signing}/Step6` },
        { path: `${base}/${applied}/Step7` },
      ];
      for (const route of routes) await checkRoute(page, route);
    });
  }
});
