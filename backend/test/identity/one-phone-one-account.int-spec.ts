import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectProblem } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27 item 5, "one phone, one account": a phone is stored in one form (E.164) wherever it enters, sign-in takes
 * it however it is written, and a number belongs to at most one account. Confirmed before the fix: quick start stored
 * `+919876501234`, register stored `9123456780` as typed and sign-in matched exactly, so the quick-start borrower
 * typing `9876501234` could not sign in and a second account with the same number was accepted.
 */

let t: TestApp;
let staff: string;
let counter = 0;
/** A fresh Indian mobile, ten digits starting 97 (no other test file uses the prefix). */
const freshMobile = () => `97${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;
const PASSWORD = 'one-phone-pass-1';

beforeAll(async () => {
  t = await startTestApp('one_phone', { RATE_LIMIT_OTP_PER_PHONE: '50', RATE_LIMIT_OTP_PER_IP: '1000' });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

async function proofFor(phone: string, purpose: string): Promise<string> {
  await t.http.post('/api/public/otp').send({ phone, purpose }).expect(202);
  const sms = await t.http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone }), range: '[0,0]' })
    .set(bearer(staff))
    .expect(200);
  const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
  return (await t.http.post('/api/public/otp/verify').send({ phone, purpose, code }).expect(200)).body.proof as string;
}

/** A borrower made through quick start, the way the portal does it: the phone proven as +91 and ten digits. */
async function quickStartBorrower(mobile: string): Promise<{ id: string; phone: string }> {
  const proof = await proofFor(`+91${mobile}`, 'quick-start');
  const started = (await t.http.post('/api/public/quick-start').send({ proof }).expect(200)).body as {
    consents: Array<{ key: string; version: string }>;
  };
  const emi = (
    (await t.http.get('/api/public/products').expect(200)).body as Array<{ type: string; minAmount: number; minTenureMonths: number }>
  ).find((p) => p.type === 'EMI')!;
  const step = (name: string, fields: object) =>
    t.http
      .put(`/api/public/quick-start/steps/${name}`)
      .send({ proof, ...fields })
      .expect(200);
  await step('basic', {
    name: 'Quick Starter',
    email: `quick.${mobile}@test.local`,
    dateOfBirth: '1992-03-04',
    gender: 'female',
    maritalStatus: 'married',
  });
  await step('employment', { employmentType: 'salaried', employer: 'Acme Textiles' });
  await step('income', { monthlyNetIncome: 75_000_00, payDayOfMonth: 1 });
  await step('loan', { type: 'EMI', amount: emi.minAmount, tenureMonths: emi.minTenureMonths });
  await step('consents', Object.fromEntries(started.consents.map((c) => [c.key, { accepted: true, version: c.version }])));
  const finished = await t.http.post('/api/public/quick-start/finish').send({ proof, password: PASSWORD }).expect(201);
  return finished.body.user as { id: string; phone: string };
}

const storedPhone = async (id: string) =>
  (await t.runtime.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone;

describe('one form: E.164 wherever a phone enters', () => {
  it('register stores the number as E.164, however it was typed', async () => {
    const mobile = freshMobile();
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Typed Plain', email: `plain.${mobile}@example.com`, phone: mobile, password: PASSWORD })
      .expect(201);
    expect(res.body.user.phone).toBe(`+91${mobile}`);
    expect(await storedPhone(res.body.user.id)).toBe(`+91${mobile}`);
    const other = freshMobile();
    const grouped = await t.http
      .post('/api/auth/register')
      .send({
        name: 'Typed Grouped',
        email: `grouped.${other}@example.com`,
        phone: `0${other.slice(0, 5)} ${other.slice(5)}`,
        password: PASSWORD,
      })
      .expect(201);
    expect(await storedPhone(grouped.body.user.id)).toBe(`+91${other}`);
  });

  it('quick start stores E.164 and the borrower signs in with the number written any usual way', async () => {
    const mobile = freshMobile();
    const borrower = await quickStartBorrower(mobile);
    expect(await storedPhone(borrower.id)).toBe(`+91${mobile}`);
    for (const written of [mobile, `0${mobile}`, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`, `91-${mobile}`, `+91${mobile}`]) {
      const login = await t.http.post('/api/auth/login').send({ phone: written, password: PASSWORD });
      expect({ written, status: login.status }).toEqual({ written, status: 200 });
      expect(login.body.user.id).toBe(borrower.id);
    }
  });

  it('a wrong password with the number written another way is the one refusal; what is no phone at all is a field problem', async () => {
    const mobile = freshMobile();
    await registerAs(mobile);
    expectProblem(
      await t.http.post('/api/auth/login').send({ phone: `0${mobile}`, password: 'not-the-password' }),
      401,
      'invalid-credentials',
    );
    const notAPhone = expectProblem(
      await t.http.post('/api/auth/login').send({ phone: '12345', password: PASSWORD }),
      400,
      'validation-failed',
    );
    expect(notAPhone.fields).toEqual([{ name: 'phone', message: expect.stringMatching(/^must be a phone number/) }]);
  });

  it('a reference phone is stored as E.164', async () => {
    const me = await registerBorrower(t.http, 'Reference Giver');
    const [a, b] = [freshMobile(), freshMobile()];
    await t.http
      .put('/api/me/profile/reference')
      .set(bearer(me.token))
      .send({
        references: [
          { name: 'Ravi Kumar', relation: 'brother', phone: `0${a}` },
          { name: 'Meera Iyer', relation: 'friend', phone: `91 ${b}` },
        ],
      })
      .expect(200);
    const saved = (await t.http.get('/api/me/profile/reference').set(bearer(me.token)).expect(200)).body;
    expect(saved.data.references.map((r: { phone: string }) => r.phone)).toEqual([`+91${a}`, `+91${b}`]);
  });

  it('staff find a customer by the number written any usual way', async () => {
    const mobile = freshMobile();
    const registered = (await registerAs(mobile)).body.user as { id: string };
    for (const written of [`0${mobile.slice(0, 5)}-${mobile.slice(5)}`, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`]) {
      const found = await t.http
        .get('/api/admin/customers')
        .query({ filter: JSON.stringify({ q: written }) })
        .set(bearer(staff))
        .expect(200);
      expect({ written, ids: found.body.map((c: { id: string }) => c.id) }).toEqual({ written, ids: [registered.id] });
    }
  });

  it('a lead, from staff or an agent, is stored as E.164 and found by its number however it is written', async () => {
    const mobile = freshMobile();
    const lead = (
      await t.http
        .post('/api/admin/leads')
        .set(bearer(staff))
        .send({ name: 'Walk In', phone: `0${mobile.slice(0, 5)}-${mobile.slice(5)}` })
        .expect(201)
    ).body;
    expect(lead.phone).toBe(`+91${mobile}`);
    const agentLead = (
      await t.http
        .post('/api/admin/agent-leads')
        .set(bearer(staff))
        .send({ name: 'Walk In Two', phone: `91${mobile}` })
        .expect(201)
    ).body;
    expect(agentLead.phone).toBe(`+91${mobile}`);
    expect((await t.http.get(`/api/admin/leads/${agentLead.id}`).set(bearer(staff)).expect(200)).body.duplicates).toEqual([lead.id]);
  });
});

async function registerAs(mobile: string, phone: string = mobile) {
  return t.http
    .post('/api/auth/register')
    .send({ name: 'Owner Person', email: `owner.${mobile}.${++counter}@example.com`, phone, password: PASSWORD });
}

describe('one account per phone', () => {
  it('after quick start, registering the same number written as ten digits is 409 naming phone, and nobody is created', async () => {
    const mobile = freshMobile();
    await quickStartBorrower(mobile);
    const before = await t.runtime.db.selectFrom('users').select('id').where('phone', 'like', `%${mobile}`).execute();
    const body = expectProblem(await registerAs(mobile), 409, 'already-registered');
    expect(body.fields).toEqual([{ name: 'phone', message: 'This phone is already registered; sign in instead.' }]);
    expect(await t.runtime.db.selectFrom('users').select('id').where('phone', 'like', `%${mobile}`).execute()).toEqual(before);
  });

  it('a number registered as ten digits cannot be registered again in any other form', async () => {
    const mobile = freshMobile();
    expect((await registerAs(mobile)).status).toBe(201);
    for (const written of [`+91${mobile}`, `0${mobile}`, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`]) {
      expectProblem(await registerAs(mobile, written), 409, 'already-registered');
    }
  });

  it('the answer to a taken phone is the answer to a taken email: same status, type and wording', async () => {
    const mobile = freshMobile();
    const first = await registerAs(mobile);
    const email = first.body.user.email as string;
    const phoneTaken = expectProblem(await registerAs(freshMobile(), `0${mobile}`), 409, 'already-registered');
    const emailTaken = expectProblem(
      await t.http.post('/api/auth/register').send({ name: 'Other', email, phone: freshMobile(), password: PASSWORD }),
      409,
      'already-registered',
    );
    expect(phoneTaken.title).toBe(emailTaken.title);
    const message = (problem: Record<string, unknown>) => (problem.fields as Array<{ message: string }>)[0].message;
    expect(message(phoneTaken).replace('phone', 'FIELD')).toBe(message(emailTaken).replace('email', 'FIELD'));
  });

  it('a quick start with a number that has an account, written another way, sends the visitor to sign in', async () => {
    const mobile = freshMobile();
    expect((await registerAs(mobile)).status).toBe(201);
    const proof = await proofFor(`0${mobile}`, 'quick-start');
    expectProblem(await t.http.post('/api/public/quick-start').send({ proof }), 409, 'sign-in-instead');
  });

  it("a profile change to another borrower's number, written another way, is 409 naming phone and changes nothing", async () => {
    const theirs = freshMobile();
    expect((await registerAs(theirs)).status).toBe(201);
    const me = await registerBorrower(t.http, 'Phone Changer');
    const mine = (await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body.phone;
    const written = `+91 ${theirs.slice(0, 5)} ${theirs.slice(5)}`;
    const problem = expectProblem(
      await t.http
        .put('/api/me/profile')
        .set(bearer(me.token))
        .send({ phone: written, phoneProof: await proofFor(written, 'phone') }),
      409,
      'already-registered',
    );
    expect(problem.fields).toEqual([{ name: 'phone', message: expect.stringMatching(/phone already belongs to another user/) }]);
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body.phone).toBe(mine);
  });
});
