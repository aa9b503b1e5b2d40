import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_PAYMENT_WEBHOOK_SECRET } from '../../../src/platform/config/config.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { signWebhook } from '../../../src/platform/webhooks/webhook-signature.js';
import { loanMandatesSchema, mandateSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32, mandate registration over HTTP on a real database: staff on the loan page and the borrower in the portal
 * start a registration, the sandbox provider's page authorises or fails it through the signed webhook, a bad
 * signature is 401 and appends nothing, a repeat is harmless, a closed loan is refused with a problem, and the wrong
 * role, the wrong borrower and a cross-site request are refused. Loans are paid out on 2026-11-21 (loanIn).
 */
let t: TestApp;
let admin: string;
let checker: string;
let agent: string;
let viewer: string;
let alice: { token: string; user: { _id: string } };
let bob: { token: string; user: { _id: string } };

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const register = (loanId: string, token: string, kind = 'e-nach', who: 'admin' | 'me' = 'admin') =>
  t.http.post(`/api/${who}/loans/${loanId}/mandates`).set(bearer(token)).send({ kind });
const loanMandates = async (loanId: string, token = admin, who: 'admin' | 'me' = 'admin') =>
  loanMandatesSchema.parse((await t.http.get(`/api/${who}/loans/${loanId}/mandates`).set(bearer(token)).expect(200)).body);

function sendWebhook(body: object, signature?: string) {
  const req = t.http.post('/api/mandates/webhooks/sandbox').set('Content-Type', 'application/json');
  if (signature !== undefined) req.set('X-Signature', signature);
  return req.send(JSON.stringify(body));
}
const signed = (body: object) => sendWebhook(body, signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET));

beforeAll(async () => {
  t = await startTestApp('mandates_api', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  agent = await staffWithRole(t.http, admin, 'collections-agent');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Mandate');
  bob = await registerBorrower(t.http, 'Bob Other');
  await setBusinessDate('2026-11-25');
});

afterAll(async () => {
  await t?.close();
});

describe('registration', () => {
  let loan: LoanHandle;

  beforeAll(async () => {
    loan = await loanIn(t.http, 'active', alice.token, admin);
  });

  it('staff start an e-NACH registration; the sandbox page authorises it and the mandate is active with a UMRN, once', async () => {
    const started = mandateStartedSchema.parse((await register(loan.id, agent).expect(201)).body);
    expect(started.mandate).toMatchObject({
      loanId: loan.id,
      kind: 'e-nach',
      status: 'pending',
      frequency: 'monthly',
      validFrom: '2026-11-25',
    });
    expect(started.mandate.maxAmount).toBeGreaterThan(0);
    expect(started.redirectUrl).toBe(`/api/mandates/sandbox/${started.mandate.id}`);

    const page = await t.http.get(started.redirectUrl).expect(200);
    expect(page.text).toContain('Authorise');
    const back = await t.http.post(`${started.redirectUrl}/approve`).expect(303);
    expect(back.headers.location).toBe(`/User/Loans/${loan.id}?mandateId=${started.mandate.id}`);

    const [mandate] = (await loanMandates(loan.id)).mandates;
    expect(mandate).toMatchObject({ id: started.mandate.id, status: 'active', activeFrom: '2026-11-25' });
    expect(mandate!.providerReference).toMatch(/^SNDB\d{16}$/);

    // The provider repeats its webhook: nothing more is appended.
    const counts = await storeCounts(t);
    await signed({
      about: 'mandate',
      mandateId: started.mandate.id,
      status: 'registered',
      providerReference: mandate!.providerReference,
    }).expect(200);
    await t.http.post(`${started.redirectUrl}/approve`).expect(303);
    expect(await storeCounts(t)).toEqual(counts);

    // One open mandate at a time.
    expectProblem(await register(loan.id, admin, 'upi-autopay'), 409);
  });

  it('a webhook with a bad or missing signature is 401 and appends nothing', async () => {
    const other = await loanIn(t.http, 'active', alice.token, admin);
    const started = mandateStartedSchema.parse((await register(other.id, admin).expect(201)).body);
    const body = { about: 'mandate', mandateId: started.mandate.id, status: 'registered', providerReference: 'UMRN-FORGED' };
    const counts = await storeCounts(t);
    expectProblem(await sendWebhook(body), 401);
    expectProblem(await sendWebhook(body, signWebhook(JSON.stringify(body), 'another-secret-of-16+')), 401);
    expectProblem(
      await sendWebhook({ ...body, status: 'failed' }, signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET)),
      401,
    );
    expect(await storeCounts(t)).toEqual(counts);
    expect((await loanMandates(other.id)).mandates[0]!.status).toBe('pending');
  });

  it('the borrower sets up UPI AutoPay in the portal after signing; a failed authorisation leaves it failed and a new one may follow', async () => {
    const signedLoan = await loanIn(t.http, 'final.pending', alice.token, admin);
    const started = mandateStartedSchema.parse((await register(signedLoan.id, alice.token, 'upi-autopay', 'me').expect(201)).body);
    expect(started.mandate).toMatchObject({ kind: 'upi-autopay', status: 'pending', startedBy: alice.user._id });
    expect(started.mandate.maxAmount).toBeLessThanOrEqual(1_500_000);
    await t.http.post(`${started.redirectUrl}/fail`).expect(303);
    const view = await loanMandates(signedLoan.id, alice.token, 'me');
    expect(view.mandates[0]).toMatchObject({ status: 'failed', failureReason: 'Authorisation declined at the bank' });
    const again = mandateStartedSchema.parse((await register(signedLoan.id, alice.token, 'e-nach', 'me').expect(201)).body);
    expect(again.mandate.id).not.toBe(started.mandate.id);
  });

  it('a closed loan, or one not yet signed, is refused with a problem and nothing is appended', async () => {
    const closed = await loanIn(t.http, 'cancelled', alice.token, admin);
    const unsigned = await loanIn(t.http, 'consent.customerpending', alice.token, admin);
    const counts = await storeCounts(t);
    expect(expectProblem(await register(closed.id, admin), 409).detail).toMatch(/register-mandate/);
    expectProblem(await register(unsigned.id, alice.token, 'e-nach', 'me'), 409);
    expectFieldProblem(await register(unsigned.id, admin, 'paper-nach'), ['kind']);
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('the wrong role, the wrong borrower and a cross-site request are refused, appending nothing', async () => {
    const loan2 = await loanIn(t.http, 'active', alice.token, admin);
    const counts = await storeCounts(t);
    expectProblem(await register(loan2.id, viewer), 403, 'missing-permission');
    expectProblem(await register(loan2.id, alice.token), 403);
    expectProblem(await register(loan2.id, bob.token, 'e-nach', 'me'), 404);
    expectProblem(await t.http.get(`/api/me/loans/${loan2.id}/mandates`).set(bearer(bob.token)), 404);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan2.id}/mandates`)
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .send({ kind: 'e-nach' }),
      403,
      'csrf-refused',
    );
    expect(await storeCounts(t)).toEqual(counts);

    // Bob cannot cancel Alice's mandate; Alice can.
    const started = mandateStartedSchema.parse((await register(loan2.id, admin).expect(201)).body);
    await t.http.post(`${started.redirectUrl}/approve`).expect(303);
    expectProblem(await t.http.post(`/api/me/mandates/${started.mandate.id}/cancel`).set(bearer(bob.token)), 404);
    const cancelled = mandateSchema.parse(
      (await t.http.post(`/api/me/mandates/${started.mandate.id}/cancel`).set(bearer(alice.token)).expect(200)).body,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelCause: 'borrower-request' });
  });

  it('a pause is asked by one person and approved by another; the read models replay exactly', async () => {
    const loan3 = await loanIn(t.http, 'active', alice.token, admin);
    const started = mandateStartedSchema.parse((await register(loan3.id, agent).expect(201)).body);
    await t.http.post(`${started.redirectUrl}/approve`).expect(303);
    const pause = (token: string) =>
      t.http.post(`/api/admin/mandates/${started.mandate.id}/pause`).set(bearer(token)).send({ reason: 'Hardship review' });
    const approve = (token: string) => t.http.post(`/api/admin/mandates/${started.mandate.id}/approve-pause`).set(bearer(token));
    expectFieldProblem(await t.http.post(`/api/admin/mandates/${started.mandate.id}/pause`).set(bearer(checker)).send({ reason: ' ' }), [
      'reason',
    ]);
    expect(mandateSchema.parse((await pause(checker).expect(200)).body)).toMatchObject({
      status: 'active',
      pauseReason: 'Hardship review',
    });
    expectProblem(await approve(checker), 403, 'same-person');
    expectProblem(await approve(agent), 403, 'missing-permission');
    expect(mandateSchema.parse((await approve(admin).expect(200)).body)).toMatchObject({ status: 'paused' });
    expect(
      mandateSchema.parse((await t.http.post(`/api/admin/mandates/${started.mandate.id}/resume`).set(bearer(agent)).expect(200)).body)
        .status,
    ).toBe('active');

    const list = await t.http
      .get('/api/admin/mandates')
      .query({ filter: JSON.stringify({ status: 'active' }) })
      .set(bearer(viewer))
      .expect(200);
    expect(list.body.map((m: { id: string }) => m.id)).toContain(started.mandate.id);

    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['mandates', 'mandate_presentations', 'mandate_manual_collections']));
    expect(report.differences).toEqual([]);
  });
});
