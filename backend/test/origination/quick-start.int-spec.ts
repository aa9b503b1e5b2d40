import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { emulatorIdToken, startFakeAuthEmulator, type FakeAuthEmulator } from '../support/firebase-emulator.js';
import { ADMIN, loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/** Quick start (issue 14, item 1): phone proof → five steps on a lead → a signed-in borrower with an application in new. */

let t: TestApp;
let emulator: FakeAuthEmulator | undefined;
let staff: string;
let emi: { id: string; minAmount: number; maxAmount: number; minTenureMonths: number; maxTenureMonths: number };
let counter = 0;
const freshPhone = () => `+9181${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;

/** Social sign-in as social-sign-in.int-spec.ts tests it: firebase-admin in emulator mode, the emulator played locally. */
const FIREBASE_PROJECT = 'lending-quick-start';
const firebaseAccounts = new Set<string>();

beforeAll(async () => {
  emulator = await startFakeAuthEmulator((ids) =>
    ids.filter((id) => firebaseAccounts.has(id)).map((localId) => ({ localId, disabled: false })),
  );
  t = await startTestApp('quick_start', {
    RATE_LIMIT_OTP_PER_PHONE: '50',
    RATE_LIMIT_OTP_PER_IP: '1000',
    FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
  staff = await loginStaff(t.http);
  const products = (await t.http.get('/api/public/products').expect(200)).body as Array<typeof emi & { type: string }>;
  emi = products.find((p) => p.type === 'EMI')!;
});

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

/** A proof of the phone, the way a visitor gets one: the code read from the SMS log. */
async function proofFor(phone: string, purpose = 'quick-start'): Promise<string> {
  await t.http.post('/api/public/otp').send({ phone, purpose }).expect(202);
  const sms = await t.http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone }) })
    .set(bearer(staff))
    .expect(200);
  const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
  return (await t.http.post('/api/public/otp/verify').send({ phone, purpose, code }).expect(200)).body.proof as string;
}

const basic = (n: number) => ({
  name: 'Meera Iyer',
  email: `meera.${Date.now()}.${n}@test.local`,
  dateOfBirth: '1992-03-04',
  gender: 'female',
  maritalStatus: 'married',
});
const employment = { employmentType: 'salaried', employer: 'Acme Textiles' };
const income = { monthlyNetIncome: 75_000_00, payDayOfMonth: 1 };
const loan = () => ({ type: 'EMI', amount: emi.minAmount, tenureMonths: emi.minTenureMonths });
const consentsOf = (view: { consents: Array<{ key: string; version: string }> }) =>
  Object.fromEntries(view.consents.map((c) => [c.key, { accepted: true, version: c.version }]));

const step = (proof: string, name: string, fields: object) =>
  t.http.put(`/api/public/quick-start/steps/${name}`).send({ proof, ...fields });

async function answerAll(proof: string, n: number) {
  const started = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body;
  await step(proof, 'basic', basic(n)).expect(200);
  await step(proof, 'employment', employment).expect(200);
  await step(proof, 'income', income).expect(200);
  await step(proof, 'loan', loan()).expect(200);
  return (await step(proof, 'consents', consentsOf(started)).expect(200)).body;
}

const leadsOf = (phone: string) => t.runtime.db.selectFrom('leads').selectAll().where('phone', '=', phone).orderBy('created_at').execute();

describe('the whole flow', () => {
  it('starts a lead (source quickStart), updates it at each step, and resumes where it stopped', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    const started = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body;
    expect(started).toEqual(
      expect.objectContaining({ phone, next: 'Step0', missing: ['basic', 'employment', 'income', 'loan', 'consents'], answers: {} }),
    );
    expect(started.consents.map((c: { key: string }) => c.key)).toEqual(['creditCheck', 'terms', 'privacy']);
    const [lead] = await leadsOf(phone);
    expect(lead).toEqual(expect.objectContaining({ source: 'quickStart', status: 'new', quick_start_step: 'Step0' }));

    const afterBasic = (await step(proof, 'basic', basic(1)).expect(200)).body;
    expect(afterBasic.next).toBe('Step1');
    await step(proof, 'employment', employment).expect(200);
    expect((await leadsOf(phone))[0]).toEqual(
      expect.objectContaining({
        name: 'Meera Iyer',
        email: expect.stringMatching(/^meera\.\d+\.1@test\.local$/),
        quick_start_step: 'Step2',
      }),
    );

    // Later, a new proof of the same phone resumes at the income step with the answers kept.
    const again = await proofFor(phone);
    const resumed = (await t.http.post('/api/public/quick-start').send({ proof: again }).expect(200)).body;
    expect(resumed).toEqual(expect.objectContaining({ next: 'Step2', missing: ['income', 'loan', 'consents'] }));
    expect(resumed.answers.employment).toEqual(employment);
    expect(await leadsOf(phone)).toHaveLength(1);

    // Each change is audited, by quick-start.
    const history = await t.runtime.db
      .selectFrom('lead_changes')
      .select(['field', 'to_value', 'changed_by'])
      .where('lead_id', '=', lead.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.field)).toEqual(['status', 'quickStartStep', 'name', 'email', 'quickStartStep']);
    expect(new Set(history.map((h) => h.changed_by))).toEqual(new Set(['quick-start']));
  });

  it('finishing creates the borrower (signed in, with a device session), the profile sections and the application in new, and lands on its next step', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    const view = await answerAll(proof, 2);
    expect(view.next).toBe('Step5');
    expect(
      Object.values(view.answers.consents as Record<string, { version: string; at: string }>).every(
        (c) => c.version === '2026-11-01' && !Number.isNaN(Date.parse(c.at)),
      ),
    ).toBe(true);

    const finished = await t.http
      .post('/api/public/quick-start/finish')
      .send({ proof, password: 'quick-start-pass-1', deviceId: 'device-quick-start-1' })
      .expect(201);
    expect(finished.headers['set-cookie']?.[0]).toMatch(/^token=.+HttpOnly/);
    expect(finished.body).toEqual({
      token: expect.any(String),
      deviceId: 'device-quick-start-1',
      user: expect.objectContaining({ role: 'borrower', name: 'Meera Iyer', phone }),
      loan: { id: expect.any(String), type: 'EMI', state: 'new' },
      next: `/User/newLoan/Emi/${finished.body.loan.id}/Step0`,
    });
    // Signed in: the token reads the new application; a device session exists as at login.
    const loans = (await t.http.get('/api/me/loans').set(bearer(finished.body.token)).expect(200)).body;
    expect(loans).toEqual([expect.objectContaining({ id: finished.body.loan.id, state: 'new', amount: emi.minAmount })]);
    const sessions = await t.runtime.db.selectFrom('sessions').selectAll().where('user_id', '=', finished.body.user.id).execute();
    expect(sessions).toEqual([expect.objectContaining({ device_id: 'device-quick-start-1' })]);
    // The profile and employment sections are filled from the answers.
    const sections = (await t.http.get('/api/me/profile/sections').set(bearer(finished.body.token)).expect(200)).body as Array<{
      section: string;
      status: string;
    }>;
    expect(
      sections
        .filter((s) => s.status === 'complete')
        .map((s) => s.section)
        .sort(),
    ).toEqual(['employment', 'profile']);
    // The lead is converted to the borrower, its consents kept with their versions.
    const [lead] = await leadsOf(phone);
    expect(lead).toEqual(expect.objectContaining({ status: 'converted', borrower_id: finished.body.user.id, quick_start_step: 'done' }));
    expect((lead.quick_start as { applicationId: string }).applicationId).toBe(finished.body.loan.id);
    expect((lead.quick_start as { answers: { consents: Record<string, { version: string }> } }).answers.consents.terms.version).toBe(
      '2026-11-01',
    );
    // The password works for signing in later (on another device, which supersedes this session, as login does).
    await t.http.post('/api/auth/login').send({ phone, password: 'quick-start-pass-1' }).expect(200);
    expectProblem(await t.http.get('/api/me/loans').set(bearer(finished.body.token)), 401);
  });

  it('finish sent twice (at once) creates the borrower and the application once; the other is told to sign in', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    await answerAll(proof, 3);
    const body = { proof, password: 'quick-start-pass-2' };
    const answers = await Promise.all([
      t.http.post('/api/public/quick-start/finish').send(body),
      t.http.post('/api/public/quick-start/finish').send(body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectProblem(
      answers.find((a) => a.status === 409)!,
      409,
      'sign-in-instead',
    );
    expectProblem(await t.http.post('/api/public/quick-start/finish').send(body), 409, 'sign-in-instead');
    const users = await t.runtime.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
    const streams = await sql<{
      n: string;
    }>`SELECT count(DISTINCT stream_id) AS n FROM events WHERE type = 'LoanApplicationStarted' AND data->>'borrowerId' = ${users[0].id}`.execute(
      t.runtime.db,
    );
    expect(Number(streams.rows[0].n)).toBe(1);
  });
});

describe('refusals', () => {
  it('a phone that already belongs to a borrower is told to sign in (only after proving it)', async () => {
    const borrower = await registerBorrower(t.http);
    const phone = (borrower.user as unknown as { phone: string }).phone;
    const proof = await proofFor(phone);
    expectProblem(await t.http.post('/api/public/quick-start').send({ proof }), 409, 'sign-in-instead');
    expect(await leadsOf(phone)).toHaveLength(0);
  });

  it('no proof, a forged or expired proof, or a proof for another purpose is refused (403) and changes nothing', async () => {
    const phone = freshPhone();
    expectProblem(await t.http.post('/api/public/quick-start').send({}), 403, 'phone-not-verified');
    expectProblem(
      await t.http.post('/api/public/quick-start').send({ proof: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' }),
      403,
      'phone-not-verified',
    );
    const otherPurpose = await proofFor(phone, 'phone');
    expectProblem(await t.http.post('/api/public/quick-start').send({ proof: otherPurpose }), 403, 'phone-not-verified');
    // A session token is not a proof either.
    const { token } = await registerBorrower(t.http, 'Ravi Kumar');
    expectProblem(await t.http.post('/api/public/quick-start').send({ proof: token }), 403, 'phone-not-verified');
    const proof = await proofFor(phone);
    await t.http.post('/api/public/quick-start').send({ proof }).expect(200);
    // An expired proof: signed the same way, but past its time.
    const [, payload] = proof.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(1800);
    const expired = proof.replace(payload, Buffer.from(JSON.stringify({ ...claims, exp: claims.iat - 1 })).toString('base64url'));
    expectProblem(await step(expired, 'basic', basic(4)), 403, 'phone-not-verified');
    expectProblem(
      await t.http.post('/api/public/quick-start/finish').send({ proof: expired, password: 'whatever-pass' }),
      403,
      'phone-not-verified',
    );
    expect((await leadsOf(phone))[0].quick_start_step).toBe('Step0');
  });

  it('after 30 days without an answer, the same phone starts afresh', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    await t.http.post('/api/public/quick-start').send({ proof }).expect(200);
    await step(proof, 'basic', basic(5)).expect(200);
    await sql`UPDATE leads SET updated_at = now() - interval '30 days 1 minute' WHERE phone = ${phone}`.execute(t.runtime.db);
    expectProblem(await step(proof, 'employment', employment), 409, 'not-started');
    const fresh = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body;
    expect(fresh).toEqual(expect.objectContaining({ next: 'Step0', answers: {} }));
    expect(await leadsOf(phone)).toHaveLength(2);
    // 29 days is still within: it resumes.
    await step(proof, 'basic', basic(6)).expect(200);
    await sql`UPDATE leads SET updated_at = now() - interval '29 days' WHERE phone = ${phone} AND quick_start_step = 'Step1'`.execute(
      t.runtime.db,
    );
    expect((await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body.next).toBe('Step1');
  });

  it('bad input: a problem per field, steps out of order, an unknown step, an unfinished finish; nothing saved', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    const started = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body;
    expectFieldProblem(
      await step(proof, 'basic', { name: 'X', email: 'nope', dateOfBirth: '2015-01-01', gender: 'x', maritalStatus: 'single', extra: 1 }),
      ['name', 'email', 'gender', 'extra'],
      'validation-failed',
    );
    expectFieldProblem(await step(proof, 'basic', { ...basic(7), dateOfBirth: '2015-01-01' }), ['dateOfBirth'], 'validation-failed');
    const outOfOrder = expectProblem(await step(proof, 'loan', loan()), 409, 'step-missing');
    expect(outOfOrder).toEqual(expect.objectContaining({ missing: ['basic'], pages: ['Step0'] }));
    expectProblem(await step(proof, 'Step9', {}), 404, 'step-not-found');
    await step(proof, 'basic', basic(7)).expect(200);
    await step(proof, 'employment', employment).expect(200);
    await step(proof, 'income', income).expect(200);
    expectFieldProblem(
      await step(proof, 'loan', { type: 'EMI', amount: emi.maxAmount + 100, tenureMonths: emi.maxTenureMonths + 1 }),
      ['amount', 'tenureMonths'],
      'validation-failed',
    );
    await step(proof, 'loan', loan()).expect(200);
    const stale = { ...consentsOf(started), terms: { accepted: true, version: '2019-01-01' } };
    expectFieldProblem(await step(proof, 'consents', stale), ['terms.version'], 'validation-failed');
    expectFieldProblem(
      await step(proof, 'consents', { ...consentsOf(started), privacy: { accepted: false, version: '2026-11-01' } }),
      ['privacy.accepted'],
      'validation-failed',
    );
    const early = expectProblem(
      await t.http.post('/api/public/quick-start/finish').send({ proof, password: 'long-enough-1' }),
      409,
      'step-missing',
    );
    expect(early).toEqual(expect.objectContaining({ missing: ['consents'], pages: ['Step4'] }));
    expectFieldProblem(
      await t.http.post('/api/public/quick-start/finish').send({ proof, password: 'short' }),
      ['password'],
      'validation-failed',
    );
    expect(await t.runtime.db.selectFrom('users').select('id').where('phone', '=', phone).execute()).toHaveLength(0);
    expect((await leadsOf(phone))[0].quick_start_step).toBe('Step4');
  });
});

const newUid = () => randomUUID().replace(/-/g, '').slice(0, 28);
/** A Google sign-in's ID token for a new Firebase account. */
function googleToken(account: { uid: string; email?: string; name?: string }, overrides: Record<string, unknown> = {}) {
  firebaseAccounts.add(account.uid);
  return emulatorIdToken(FIREBASE_PROJECT, account, overrides);
}
const usersWithPhone = (phone: string) =>
  t.runtime.db.selectFrom('users').select(['id', 'firebase_uid', 'password_hash']).where('phone', '=', phone).execute();
async function applicationsOf(borrowerId: string): Promise<number> {
  const rows = await sql<{
    n: string;
  }>`SELECT count(DISTINCT stream_id) AS n FROM events WHERE type = 'LoanApplicationStarted' AND data->>'borrowerId' = ${borrowerId}`.execute(
    t.runtime.db,
  );
  return Number(rows.rows[0].n);
}

describe('finishing with a social sign-in (idToken instead of password)', () => {
  it('creates one borrower linked to the social identity, signed in on this device, with one application; the lead converts', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    await answerAll(proof, 20);
    const uid = newUid();
    const finished = await t.http
      .post('/api/public/quick-start/finish')
      .send({
        proof,
        idToken: googleToken({ uid, email: `google.${uid.slice(0, 8)}@example.com`, name: 'Meera on Google' }),
        deviceId: 'device-quick-social',
      })
      .expect(201);
    expect(finished.headers['set-cookie']?.[0]).toMatch(/^token=.+HttpOnly/);
    // The account is quick start's (name, email and the proved phone), linked to the Google identity, with no password.
    expect(finished.body.user).toEqual(
      expect.objectContaining({
        role: 'borrower',
        name: 'Meera Iyer',
        phone,
        email: expect.stringMatching(/^meera\.\d+\.20@test\.local$/),
      }),
    );
    expect(await usersWithPhone(phone)).toEqual([{ id: finished.body.user.id, firebase_uid: uid, password_hash: null }]);
    expect(await applicationsOf(finished.body.user.id)).toBe(1);
    const loans = (await t.http.get('/api/me/loans').set(bearer(finished.body.token)).expect(200)).body;
    expect(loans).toEqual([expect.objectContaining({ id: finished.body.loan.id, state: 'new' })]);
    const sessions = await t.runtime.db.selectFrom('sessions').select('device_id').where('user_id', '=', finished.body.user.id).execute();
    expect(sessions).toEqual([{ device_id: 'device-quick-social' }]);
    const [lead] = await leadsOf(phone);
    expect(lead).toEqual(expect.objectContaining({ status: 'converted', borrower_id: finished.body.user.id }));
    // Later, the same Google account signs in to the same borrower.
    const again = await t.http
      .post('/api/auth/social')
      .send({ idToken: googleToken({ uid, email: `google.${uid.slice(0, 8)}@example.com` }) })
      .expect(200);
    expect(again.body).toEqual(expect.objectContaining({ created: false, user: expect.objectContaining({ id: finished.body.user.id }) }));
  });

  it('a bad token is refused and creates nothing; then a good one finishes', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    await answerAll(proof, 21);
    const uid = newUid();
    const finish = (idToken: string) => t.http.post('/api/public/quick-start/finish').send({ proof, idToken });
    expectProblem(await finish('definitely-not-a-jwt'), 401, 'invalid-social-token');
    expectProblem(
      await finish(googleToken({ uid, email: `other.${uid.slice(0, 8)}@example.com` }, { aud: 'someone-else' })),
      401,
      'invalid-social-token',
    );
    // A staff member's identity is refused as social sign-in refuses it.
    expectProblem(await finish(googleToken({ uid: newUid(), email: ADMIN.email })), 403, 'social-sign-in-staff-refused');
    // An identity that already has an account (here: its email) signs in with it instead.
    const existing = await registerBorrower(t.http, 'Asha Existing');
    const email = (await t.http.get('/api/me').set(bearer(existing.token)).expect(200)).body.user.email as string;
    const taken = expectProblem(await finish(googleToken({ uid: newUid(), email })), 409, 'already-registered');
    expect(taken.fields).toEqual([expect.objectContaining({ name: 'idToken' })]);
    expect(await usersWithPhone(phone)).toHaveLength(0);
    expect((await leadsOf(phone))[0]).toEqual(expect.objectContaining({ status: 'new', borrower_id: null, quick_start_step: 'Step5' }));

    const finished = await finish(googleToken({ uid, email: `good.${uid.slice(0, 8)}@example.com` })).expect(201);
    expect(await usersWithPhone(phone)).toHaveLength(1);
    expect(await applicationsOf(finished.body.user.id)).toBe(1);
  });

  it('a password and an idToken together, or neither, are refused naming the field; nothing is created', async () => {
    const phone = freshPhone();
    const proof = await proofFor(phone);
    await answerAll(proof, 22);
    const idToken = googleToken({ uid: newUid(), email: `both.${Date.now()}@example.com` });
    expectFieldProblem(
      await t.http.post('/api/public/quick-start/finish').send({ proof, password: 'long-enough-1', idToken }),
      ['idToken'],
      'validation-failed',
    );
    expectFieldProblem(await t.http.post('/api/public/quick-start/finish').send({ proof }), ['password'], 'validation-failed');
    expect(await usersWithPhone(phone)).toHaveLength(0);
    expect((await leadsOf(phone))[0].status).toBe('new');
  });
});

describe('per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp('quick_start_ip', { RATE_LIMIT_OTP_PER_IP: '1' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('quick start calls are limited per address (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expectProblem(await limited.http.post('/api/public/quick-start').send({}), 403, 'phone-not-verified');
    const refused = await limited.http.post('/api/public/quick-start').send({});
    expectProblem(refused, 429, 'too-many-requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
