import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { HelpIssuePersonalData } from '../../src/content/public/index.js';
import { bearer, expectFieldProblem, expectProblem, fillBankSection, loanIn, storeCounts } from '../support/loan-api.js';
import { loginStaff, startTestApp, staffWithRole, type TestApp } from '../support/test-app.js';

/**
 * Data rights under the DPDP Act, 2023 (issue 33 item 5): the borrower downloads their data (JSON and PDF, their own
 * only), asks for its erasure, and staff holding customers.erasure carry it out in one transaction: what no law makes
 * the lender keep is erased, KYC and loan records are kept under the RBI's KYC Direction (while a loan runs, and five
 * years after), and the answer says which and why. Also the communications consent given at any time.
 */
const PUBLIC_URL = 'https://lending.example';
const EVIL = 'https://evil.example';

let t: TestApp;
let admin: string;
let salesAgent: string;
let counter = 0;

type Borrower = { id: string; token: string; cookie: string; email: string; phone: string };

async function borrower(name: string): Promise<Borrower> {
  counter += 1;
  const unique = `${Date.now()}${counter}`;
  const email = `rights${unique}@example.com`;
  const phone = `+919${unique.slice(-9)}`;
  const res = await t.http.post('/api/auth/register').send({ name, email, phone, password: 'borrower-password' }).expect(201);
  const cookie = String((res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
  return { id: res.body.user._id as string, token: res.body.token as string, cookie, email, phone };
}

const pushOptions = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
  auth: 'auth-secret-base64',
  p256dh: 'BPublicKeyOfTheBrowserBase64UrlEncoded',
  swScope: 'http://localhost:3000/firebase-cloud-messaging-push-scope',
  vapidKey: 'BVapidPublicKeyBase64UrlEncodedForTheProject',
});

/** A borrower with a bank section, a help issue, a push device and the communications consent. */
async function activeBorrower(name: string): Promise<Borrower> {
  const b = await borrower(name);
  await fillBankSection(t.http, b.token);
  await t.http
    .post('/api/me/issues')
    .set(bearer(b.token))
    .send({ category: 'account', message: `Please check my account, ${name}` })
    .expect(201);
  await t.http
    .post('/api/me/push-tokens')
    .set(bearer(b.token))
    .send({ token: `fcm:${randomUUID()}`, options: pushOptions() })
    .expect(201);
  const [communications] = (await t.http.get('/api/me/consents/givable').set(bearer(b.token)).expect(200)).body as { version: string }[];
  await t.http.post('/api/me/consents/communications/give').set(bearer(b.token)).send({ version: communications!.version }).expect(200);
  return b;
}

const count = async (
  table: 'sessions' | 'push_tokens' | 'profile_sections' | 'help_issues' | 'erasure_requests',
  column: string,
  id: string,
) =>
  Number(
    (
      await t.runtime.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(column as never, '=', id as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp('data_rights', { PUBLIC_URL });
  admin = await loginStaff(t.http);
  salesAgent = await staffWithRole(t.http, admin, 'sales-agent');
});

afterAll(async () => {
  await t?.close();
});

describe('the data download', () => {
  it("answers the borrower's own data as a JSON attachment: account, devices, masked KYC, loans with schedule, consents, issues, messages", async () => {
    const asha = await activeBorrower('Asha Export');
    const loan = await loanIn(t.http, 'active', asha.token, admin);
    const bob = await activeBorrower('Bob Export');

    const res = await t.http.get('/api/me/data-export').set(bearer(asha.token)).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text as string);
    expect(data).toEqual(
      expect.objectContaining({
        kind: 'personal-data-export',
        borrowerId: asha.id,
        account: expect.objectContaining({ name: 'Asha Export', email: asha.email, phone: asha.phone }),
      }),
    );
    expect(data.sessions.length).toBeGreaterThan(0);
    const bank = data.profile.find((s: { section: string }) => s.section === 'bank');
    expect(bank.data).toEqual(expect.objectContaining({ accountNumber: 'XXXXXX9012', accountLast4: '9012', ifsc: 'HDFC0001234' }));
    expect(JSON.stringify(data)).not.toContain('123456789012');
    expect(data.loans).toHaveLength(1);
    expect(data.loans[0]).toEqual(expect.objectContaining({ id: loan.id, state: 'active', amount: 10_000_000 }));
    expect(data.loans[0].schedule).toHaveLength(12);
    expect(data.consents.map((c: { purpose: string }) => c.purpose)).toEqual(
      expect.arrayContaining(['communications', 'bureau-reporting']),
    );
    expect(data.helpIssues).toEqual([
      expect.objectContaining({ category: 'account', messages: [expect.objectContaining({ from: 'you' })] }),
    ]);
    expect(data.pushDevices).toHaveLength(1);
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.messages.every((m: { body: string }) => !/\b\d{6}\b/.test(m.body))).toBe(true);

    const text = res.text as string;
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bob.id);
    const bobs = JSON.parse((await t.http.get('/api/me/data-export?format=json').set(bearer(bob.token)).expect(200)).text as string);
    expect(bobs.borrowerId).toBe(bob.id);
    expect(bobs.loans).toEqual([]);
    expect(JSON.stringify(bobs)).not.toContain(asha.email);
  });

  it('answers a PDF attachment with format=pdf', async () => {
    const asha = await activeBorrower('Asha Pdf');
    const res = await t.http
      .get('/api/me/data-export?format=pdf')
      .set(bearer(asha.token))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((res.body as Buffer).length).toBeGreaterThan(2000);
  });

  it('refuses an unknown format (400 with the field), anonymous (401) and staff (403)', async () => {
    const asha = await borrower('Asha Refused');
    expectFieldProblem(await t.http.get('/api/me/data-export?format=xml').set(bearer(asha.token)), ['format']);
    expectProblem(await t.http.get('/api/me/data-export'), 401, 'unauthenticated');
    expect((await t.http.get('/api/me/data-export').set(bearer(admin))).status).toBe(403);
  });
});

describe('asking for erasure', () => {
  it('records the request with what will be erased and kept; a second one while it waits is 409; the borrower reads only their own', async () => {
    const asha = await borrower('Asha Asks');
    const bob = await borrower('Bob Asks');
    const asked = await t.http
      .post('/api/me/erasure-requests')
      .set(bearer(asha.token))
      .send({ reason: '  I no longer use the app ' })
      .expect(201);
    expect(asked.body).toEqual(
      expect.objectContaining({ status: 'requested', reason: 'I no longer use the app', answer: null, carriedOutAt: null }),
    );
    expect(asked.body.plan.duty).toEqual({ kind: 'none', endedOn: null });
    expect(asked.body.plan.erase.map((e: { part: string }) => e.part)).toContain('account');
    expectProblem(await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({}), 409, 'already-requested');

    const mine = (await t.http.get('/api/me/erasure-requests').set(bearer(asha.token)).expect(200)).body;
    expect(mine.requests).toEqual([expect.objectContaining({ id: asked.body.id })]);
    expect((await t.http.get('/api/me/erasure-requests').set(bearer(bob.token)).expect(200)).body.requests).toEqual([]);
  });

  it('bad input is 400 with the field list and records nothing; a cross-site POST with the cookie is 403 and records nothing', async () => {
    const asha = await borrower('Asha Bad Input');
    expectFieldProblem(await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({ reason: 42 }), ['reason']);
    expectFieldProblem(
      await t.http
        .post('/api/me/erasure-requests')
        .set(bearer(asha.token))
        .send({ reason: 'x'.repeat(1001) }),
      ['reason'],
    );
    expectFieldProblem(await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({ why: 'no' }), ['why']);
    for (const headers of [{ Origin: EVIL }, { 'Sec-Fetch-Site': 'cross-site' }, {}]) {
      expectProblem(await t.http.post('/api/me/erasure-requests').set('Cookie', asha.cookie).set(headers).send({}), 403, 'csrf-refused');
    }
    expect(await count('erasure_requests', 'borrower_id', asha.id)).toBe(0);
    await t.http.post('/api/me/erasure-requests').set('Cookie', asha.cookie).set('Origin', PUBLIC_URL).send({}).expect(201);
  });
});

describe('carrying it out', () => {
  it('a borrower who never applied: everything erased in one go, the account anonymised and signed out; a second time is 409', async () => {
    const asha = await activeBorrower('Asha Never Applied');
    const request = (await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({}).expect(201)).body;
    const listed = await t.http
      .get('/api/admin/erasure-requests')
      .query({ filter: JSON.stringify({ status: 'requested' }) })
      .set(bearer(admin))
      .expect(200);
    expect(listed.headers['content-range']).toMatch(/^erasure-requests 0-\d+\/\d+$/);
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: request.id, borrowerName: 'Asha Never Applied' })]));
    const shown = (await t.http.get(`/api/admin/erasure-requests/${request.id}`).set(bearer(admin)).expect(200)).body;
    expect(shown.plan.duty.kind).toBe('none');

    const done = (await t.http.post(`/api/admin/erasure-requests/${request.id}/carry-out`).set(bearer(admin)).expect(200)).body;
    expect(done).toEqual(
      expect.objectContaining({ status: 'carried-out', carriedOutAt: expect.any(String), borrowerName: 'Erased borrower' }),
    );
    const erased = Object.fromEntries(done.answer.erased.map((e: { part: string; count: number }) => [e.part, e.count]));
    expect(erased).toEqual(
      expect.objectContaining({ 'push-devices': 1, 'marketing-consent': 1, 'help-issues': 1, account: 1, sessions: expect.any(Number) }),
    );
    expect(erased.sessions).toBeGreaterThan(0);
    expect(done.answer.kept.map((k: { part: string }) => k.part)).toEqual(['consent-records']);

    const user = await t.runtime.db
      .selectFrom('users')
      .select(['name', 'email', 'phone', 'status', 'password_hash'])
      .where('id', '=', asha.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      name: 'Erased borrower',
      email: `erased-${asha.id}@erased.invalid`,
      phone: null,
      status: 'disabled',
      password_hash: null,
    });
    for (const [table, column] of [
      ['sessions', 'user_id'],
      ['push_tokens', 'user_id'],
      ['profile_sections', 'borrower_id'],
      ['help_issues', 'borrower_id'],
    ] as const)
      expect(await count(table, column, asha.id)).toBe(0);
    expect((await t.http.get('/api/me/consents').set(bearer(asha.token))).status).toBe(401);
    expect((await t.http.post('/api/auth/login').send({ email: asha.email, password: 'borrower-password' })).status).toBe(401);
    expectProblem(await t.http.post(`/api/admin/erasure-requests/${request.id}/carry-out`).set(bearer(admin)), 409, 'already-carried-out');
  });

  it('a borrower with an active loan: devices, sessions and marketing go; KYC, loan records and the account are kept while the loan runs, and no event changes', async () => {
    const asha = await activeBorrower('Asha Active Loan');
    const loan = await loanIn(t.http, 'active', asha.token, admin);
    const request = (await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({ reason: 'close it' }).expect(201)).body;
    expect(request.plan.duty).toEqual({ kind: 'while-running', running: [loan.id] });
    expect(request.plan.kept.map((k: { part: string }) => k.part)).toEqual(
      expect.arrayContaining(['account', 'profile', 'loan-records', 'event-log']),
    );
    const before = await storeCounts(t);

    const done = (await t.http.post(`/api/admin/erasure-requests/${request.id}/carry-out`).set(bearer(admin)).expect(200)).body;
    expect(done.answer.erased.map((e: { part: string }) => e.part)).toEqual(['push-devices', 'sessions', 'marketing-consent']);
    const kyc = done.answer.kept.find((k: { part: string }) => k.part === 'profile');
    expect(kyc).toEqual(
      expect.objectContaining({
        until: null,
        untilText: expect.stringMatching(/^While your application or loan runs, then 5 years/),
        why: expect.stringMatching(/Know Your Customer \(KYC\) Direction, 2016/),
      }),
    );
    expect(await storeCounts(t)).toEqual(before);
    expect(await count('profile_sections', 'borrower_id', asha.id)).toBeGreaterThan(0);
    expect(await count('help_issues', 'borrower_id', asha.id)).toBe(1);
    expect(await count('push_tokens', 'user_id', asha.id)).toBe(0);
    expect(await count('sessions', 'user_id', asha.id)).toBe(0);
    const user = await t.runtime.db.selectFrom('users').select(['name', 'status']).where('id', '=', asha.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Asha Active Loan', status: 'active' });

    const again = (await t.http.post('/api/auth/login').send({ email: asha.email, password: 'borrower-password' }).expect(200)).body
      .token as string;
    const mine = (await t.http.get('/api/me/erasure-requests').set(bearer(again)).expect(200)).body;
    expect(mine.requests[0]).toEqual(expect.objectContaining({ status: 'carried-out', answer: done.answer }));
    const consents = (await t.http.get('/api/me/consents').set(bearer(again)).expect(200)).body as {
      purpose: string;
      withdrawnAt: string | null;
    }[];
    expect(consents.find((c) => c.purpose === 'communications')!.withdrawnAt).not.toBeNull();
  });

  it('is one transaction: a part that fails leaves everything as it was and the request waiting', async () => {
    const asha = await activeBorrower('Asha Rolled Back');
    const request = (await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({}).expect(201)).body;
    const issues = t.app.get(HelpIssuePersonalData, { strict: false });
    const spy = jest.spyOn(issues, 'eraseIssues').mockRejectedValueOnce(new Error('disk full'));
    try {
      expect((await t.http.post(`/api/admin/erasure-requests/${request.id}/carry-out`).set(bearer(admin))).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await count('push_tokens', 'user_id', asha.id)).toBe(1);
    expect(await count('sessions', 'user_id', asha.id)).toBeGreaterThan(0);
    expect(await count('profile_sections', 'borrower_id', asha.id)).toBeGreaterThan(0);
    const consents = (await t.http.get('/api/me/consents').set(bearer(asha.token)).expect(200)).body as {
      purpose: string;
      withdrawnAt: string | null;
    }[];
    expect(consents.find((c) => c.purpose === 'communications')!.withdrawnAt).toBeNull();
    expect((await t.http.get(`/api/admin/erasure-requests/${request.id}`).set(bearer(admin)).expect(200)).body.status).toBe('requested');
  });

  it('staff without customers.erasure and borrowers are 403; bad ids 400; unknown 404; bad filters 400', async () => {
    const asha = await borrower('Asha Guarded');
    const request = (await t.http.post('/api/me/erasure-requests').set(bearer(asha.token)).send({}).expect(201)).body;
    for (const token of [salesAgent, asha.token]) {
      expect((await t.http.get('/api/admin/erasure-requests').set(bearer(token))).status).toBe(403);
      expect((await t.http.get(`/api/admin/erasure-requests/${request.id}`).set(bearer(token))).status).toBe(403);
      expect((await t.http.post(`/api/admin/erasure-requests/${request.id}/carry-out`).set(bearer(token))).status).toBe(403);
    }
    expectFieldProblem(await t.http.post('/api/admin/erasure-requests/not-a-uuid/carry-out').set(bearer(admin)), ['id']);
    expectProblem(await t.http.get(`/api/admin/erasure-requests/${randomUUID()}`).set(bearer(admin)), 404, 'not-found');
    expectProblem(
      await t.http
        .get('/api/admin/erasure-requests')
        .query({ filter: JSON.stringify({ status: 'done' }) })
        .set(bearer(admin)),
      400,
    );
    expect((await t.http.get(`/api/admin/erasure-requests/${request.id}`).set(bearer(admin)).expect(200)).body.status).toBe('requested');
    expect(await count('sessions', 'user_id', asha.id)).toBeGreaterThan(0);
  });
});

describe('the communications consent, given at any time', () => {
  it('is offered with its text, given to the version read (400 for another), recorded once; other purposes are 409 not-givable', async () => {
    const asha = await borrower('Asha Offers');
    const [offer] = (await t.http.get('/api/me/consents/givable').set(bearer(asha.token)).expect(200)).body;
    expect(offer).toEqual(
      expect.objectContaining({ purpose: 'communications', inForce: false, text: expect.stringContaining('offers and news') }),
    );
    expectFieldProblem(await t.http.post('/api/me/consents/communications/give').set(bearer(asha.token)).send({ version: '1999-01-01' }), [
      'version',
    ]);
    expectProblem(
      await t.http.post('/api/me/consents/terms/give').set(bearer(asha.token)).send({ version: offer.version }),
      409,
      'not-givable',
    );
    const given = (
      await t.http.post('/api/me/consents/communications/give').set(bearer(asha.token)).send({ version: offer.version }).expect(200)
    ).body as { purpose: string; channel: string; withdrawal: unknown }[];
    expect(given).toEqual([expect.objectContaining({ purpose: 'communications', channel: 'portal', withdrawal: { allowed: true } })]);
    await t.http.post('/api/me/consents/communications/give').set(bearer(asha.token)).send({ version: offer.version }).expect(200);
    expect((await t.http.get('/api/me/consents').set(bearer(asha.token)).expect(200)).body).toHaveLength(1);
    expect((await t.http.get('/api/me/consents/givable').set(bearer(asha.token)).expect(200)).body[0].inForce).toBe(true);
  });
});
