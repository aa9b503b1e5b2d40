import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectProblem, historyOf, loanIn, storeCounts } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Consents under the DPDP Act, 2023 (issue 33 item 5): recorded where the borrower gives them (quick start's consents
 * step, kept on the borrower at finish with the step's time), listed to the borrower (GET /api/me/consents), withdrawn
 * where the rules allow (POST /api/me/consents/:purpose/withdraw) and read by staff on the customer page.
 */
const PUBLIC_URL = 'https://lending.example';
const EVIL = 'https://evil.example';

let t: TestApp;
let staff: string;
let counter = 0;
const freshPhone = () => `+9182${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const cookieOf = (setCookie: unknown) => String((setCookie as string[]).find((c) => c.startsWith('token='))).split(';')[0];

type Consent = {
  purpose: string;
  label: string;
  version: string;
  textHash: string;
  text: string;
  channel: string;
  givenAt: string;
  withdrawnAt: string | null;
  withdrawal: { allowed: boolean; reason?: string } | null;
};

beforeAll(async () => {
  t = await startTestApp('consents', { PUBLIC_URL, RATE_LIMIT_OTP_PER_PHONE: '50', RATE_LIMIT_OTP_PER_IP: '1000' });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

async function proofFor(phone: string): Promise<string> {
  await t.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
  const sms = await t.http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone }) })
    .set(bearer(staff))
    .expect(200);
  const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
  return (await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code }).expect(200)).body.proof as string;
}

/** A visitor through quick start: the consents step's answer (with its time), then the finished borrower. */
async function quickStartBorrower() {
  const proof = await proofFor(freshPhone());
  const step = (name: string, fields: object) =>
    t.http
      .put(`/api/public/quick-start/steps/${name}`)
      .send({ proof, ...fields })
      .expect(200);
  const started = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body;
  const emi = (
    (await t.http.get('/api/public/products').expect(200)).body as { type: string; minAmount: number; minTenureMonths: number }[]
  ).find((p) => p.type === 'EMI')!;
  await step('basic', {
    name: 'Kavya Rao',
    email: `kavya.${Date.now()}.${counter}@test.local`,
    dateOfBirth: '1990-05-06',
    gender: 'female',
    maritalStatus: 'single',
  });
  await step('employment', { employmentType: 'salaried', employer: 'Acme Textiles' });
  await step('income', { monthlyNetIncome: 75_000_00, payDayOfMonth: 1 });
  await step('loan', { type: 'EMI', amount: emi.minAmount, tenureMonths: emi.minTenureMonths });
  const texts = started.consents as { key: string; version: string; text: string }[];
  const answered = (await step('consents', Object.fromEntries(texts.map((c) => [c.key, { accepted: true, version: c.version }])))).body;
  const finished = await t.http.post('/api/public/quick-start/finish').send({ proof, password: 'quick-start-pass-1' }).expect(201);
  return {
    token: finished.body.token as string,
    id: finished.body.user._id as string,
    cookie: cookieOf(finished.headers['set-cookie']),
    loanId: finished.body.loan.id as string,
    texts,
    answered: answered.answers.consents as Record<string, { version: string; at: string }>,
  };
}

const consentsOf = async (token: string) => (await t.http.get('/api/me/consents').set(bearer(token)).expect(200)).body as Consent[];

describe('recorded where given', () => {
  it("finishing quick start records the three consents with the step's time, the text version and hash, and the channel", async () => {
    const kavya = await quickStartBorrower();
    const consents = await consentsOf(kavya.token);
    expect(consents.map((c) => c.purpose).sort()).toEqual(['credit-check', 'privacy', 'terms']);
    const keyOf = { 'credit-check': 'creditCheck', terms: 'terms', privacy: 'privacy' } as Record<string, string>;
    for (const c of consents) {
      const shown = kavya.texts.find((x) => x.key === keyOf[c.purpose])!;
      expect(c).toEqual({
        id: expect.any(String),
        purpose: c.purpose,
        label: expect.any(String),
        version: shown.version,
        text: shown.text,
        textHash: sha256(shown.text),
        channel: 'quick-start',
        givenAt: kavya.answered[keyOf[c.purpose]].at,
        withdrawnAt: null,
        withdrawal: { allowed: false, reason: expect.stringMatching(/1 application in progress/) },
      });
    }
  });

  it('a borrower who registered without quick start has given none, and none is invented for them', async () => {
    const bob = await registerBorrower(t.http, 'Bob Consents');
    expect(await consentsOf(bob.token)).toEqual([]);
  });
});

describe('withdrawing', () => {
  it('the terms while the application is in progress: 409 consent-required with the reason, and nothing changes', async () => {
    const kavya = await quickStartBorrower();
    const before = await consentsOf(kavya.token);
    const res = await t.http.post('/api/me/consents/terms/withdraw').set(bearer(kavya.token));
    const body = expectProblem(res, 409, 'consent-required');
    expect(body.reason).toMatch(/1 application in progress made under this consent/);
    expect(await consentsOf(kavya.token)).toEqual(before);
  });

  it('the terms once the application is cancelled: withdrawn, the record kept with withdrawnAt; a second time is 404', async () => {
    const kavya = await quickStartBorrower();
    await t.http.post(`/api/me/loans/${kavya.loanId}/cancel`).set(bearer(kavya.token)).send({ reason: 'changed my mind' }).expect(200);
    const after = (await t.http.post('/api/me/consents/terms/withdraw').set(bearer(kavya.token)).expect(200)).body as Consent[];
    const terms = after.find((c) => c.purpose === 'terms')!;
    expect(terms).toEqual(expect.objectContaining({ withdrawnAt: expect.any(String), withdrawal: null, version: '2026-11-01' }));
    expect(
      after
        .filter((c) => c.withdrawnAt === null)
        .map((c) => c.purpose)
        .sort(),
    ).toEqual(['credit-check', 'privacy']);
    expect(await consentsOf(kavya.token)).toEqual(after);
    const rows = await t.runtime.db.selectFrom('borrower_consents').selectAll().where('borrower_id', '=', kavya.id).execute();
    expect(rows).toHaveLength(3);
    expectProblem(await t.http.post('/api/me/consents/terms/withdraw').set(bearer(kavya.token)), 404, 'not-given');
  });

  it('signing a loan agreement records the bureau-reporting consent at the signing time; while the loan is open it cannot be withdrawn', async () => {
    const kavya = await quickStartBorrower();
    await t.http.post(`/api/me/loans/${kavya.loanId}/cancel`).set(bearer(kavya.token)).send({ reason: 'another one' }).expect(200);
    const loan = await loanIn(t.http, 'active', kavya.token, staff);
    const signed = (await historyOf(t.http, staff, loan.id)).find((e) => e.type === 'AgreementSigned')!;
    const bureau = (await consentsOf(kavya.token)).filter((c) => c.purpose === 'bureau-reporting');
    expect(bureau).toEqual([
      expect.objectContaining({
        channel: 'agreement-signing',
        givenAt: signed.data.at,
        version: expect.stringMatching(/^agreement-[0-9a-f]{12}$/),
        text: expect.stringContaining('Late payment is reported to credit information companies'),
        withdrawnAt: null,
        withdrawal: { allowed: false, reason: expect.stringMatching(/1 open loan/) },
      }),
    ]);
    expect(bureau[0].textHash).toBe(sha256(bureau[0].text));
    const body = expectProblem(
      await t.http.post('/api/me/consents/bureau-reporting/withdraw').set(bearer(kavya.token)),
      409,
      'consent-required',
    );
    expect(body.reason).toMatch(/1 open loan: the lender must report it to credit bureaus .*Credit Information Companies/);
    const terms = (await consentsOf(kavya.token)).find((c) => c.purpose === 'terms')!;
    expect(terms.withdrawal).toEqual({ allowed: false, reason: expect.stringMatching(/1 open loan/) });
  });

  it('a consent never given (communications) and an unknown purpose are 404', async () => {
    const kavya = await quickStartBorrower();
    expectProblem(await t.http.post('/api/me/consents/communications/withdraw').set(bearer(kavya.token)), 404, 'not-given');
    expectProblem(await t.http.post('/api/me/consents/marketing/withdraw').set(bearer(kavya.token)), 404, 'purpose-not-found');
  });
});

describe('who may', () => {
  it("another borrower never sees or withdraws someone else's; anonymous is 401; staff are 403 on /api/me", async () => {
    const kavya = await quickStartBorrower();
    await t.http.post(`/api/me/loans/${kavya.loanId}/cancel`).set(bearer(kavya.token)).send({ reason: 'no' }).expect(200);
    const bob = await registerBorrower(t.http, 'Bob Other');
    const before = await consentsOf(kavya.token);
    expect(await consentsOf(bob.token)).toEqual([]);
    expectProblem(await t.http.post('/api/me/consents/terms/withdraw').set(bearer(bob.token)), 404, 'not-given');
    expectProblem(await t.http.get('/api/me/consents'), 401, 'unauthenticated');
    expectProblem(await t.http.post('/api/me/consents/terms/withdraw'), 401, 'unauthenticated');
    expect((await t.http.get('/api/me/consents').set(bearer(staff))).status).toBe(403);
    expect((await t.http.post('/api/me/consents/terms/withdraw').set(bearer(staff))).status).toBe(403);
    expect(await consentsOf(kavya.token)).toEqual(before);
  });

  it('a withdrawal sent cross-site with the cookie is 403 csrf-refused and changes nothing; from our origin it succeeds', async () => {
    const kavya = await quickStartBorrower();
    await t.http.post(`/api/me/loans/${kavya.loanId}/cancel`).set(bearer(kavya.token)).send({ reason: 'no' }).expect(200);
    const before = await storeCounts(t);
    for (const headers of [{ Origin: EVIL }, { 'Sec-Fetch-Site': 'cross-site' }, {}]) {
      expectProblem(await t.http.post('/api/me/consents/privacy/withdraw').set('Cookie', kavya.cookie).set(headers), 403, 'csrf-refused');
    }
    expect(await storeCounts(t)).toEqual(before);
    expect((await consentsOf(kavya.token)).every((c) => c.withdrawnAt === null)).toBe(true);
    await t.http.post('/api/me/consents/privacy/withdraw').set('Cookie', kavya.cookie).set('Origin', PUBLIC_URL).expect(200);
  });

  it("staff with customers.view read a customer's consents (404 for an unknown customer); a borrower is 403", async () => {
    const kavya = await quickStartBorrower();
    const seen = (await t.http.get(`/api/admin/customers/${kavya.id}/consents`).set(bearer(staff)).expect(200)).body as Consent[];
    expect(seen).toEqual(await consentsOf(kavya.token));
    expectProblem(await t.http.get('/api/admin/customers/00000000-0000-4000-8000-00000000abcd/consents').set(bearer(staff)), 404);
    expect((await t.http.get(`/api/admin/customers/${kavya.id}/consents`).set(bearer(kavya.token))).status).toBe(403);
  });
});
