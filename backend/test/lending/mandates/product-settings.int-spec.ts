import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loanMandatesSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { bearer, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32, the product version's auto-debit settings over HTTP: a version that requires a mandate refuses final
 * approval without an active one (409 LOAN.MANDATE_REQUIRED, naming the step) and allows it once the mandate is
 * authorised; its KFS lists its bounce charge; a bounce is charged the version's amount and presented again after the
 * version's interval, once, then handed to manual collection.
 */
let t: TestApp;
let admin: string;
let borrower: string;
let productId: string;

const BOUNCE = 30_000;
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const mandatesOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body);
const runPresentations = async () =>
  (await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200)).body;
const bounce = (presentationId: string) =>
  t.http.post(`/api/mandates/sandbox/presentations/${presentationId}/bounce`).query({ reasonCode: 'INSUFFICIENT_FUNDS' }).expect(200);

async function registerMandate(loanId: string): Promise<void> {
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
}

beforeAll(async () => {
  t = await startTestApp('mandate_product_settings', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  borrower = (await registerBorrower(t.http, 'Kiran Required')).token;
  await setBusinessDate('2026-11-21');
  productId = (
    await t.http
      .post('/api/admin/products')
      .set(bearer(admin))
      .send({
        code: 'mandated-emi',
        name: 'Personal loan with auto-debit',
        type: 'EMI',
        minAmount: 1_000_000,
        maxAmount: 30_000_000,
        minTenureMonths: 6,
        maxTenureMonths: 24,
        annualRatePercent: 12,
        processingFeePercent: 1,
        mandateBounceCharge: BOUNCE,
        mandateRepresentations: 1,
        mandateRepresentAfterDays: 3,
        mandateRequired: true,
      })
      .expect(201)
  ).body.id;
});

afterAll(async () => {
  await t?.close();
});

describe('a product version that requires a mandate', () => {
  let loan: LoanHandle;

  it('its KFS lists the bounce charge and the re-presentation policy', async () => {
    loan = await loanIn(t.http, 'final.pending', borrower, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId });
    const kfs = (await t.http.get(`/api/admin/loans/${loan.id}/kfs`).set(bearer(admin)).expect(200)).body;
    expect(JSON.stringify(kfs)).toContain('Auto-debit bounce charge: ₹300.00');
    expect(JSON.stringify(kfs)).toContain('presented again up to 1 time, 3 days after each return');
  });

  it('refuses final approval without an active mandate, naming the step, and records nothing', async () => {
    const counts = await storeCounts(t);
    const body = expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/approve-final`).set(bearer(admin)).send({}), 409);
    expect(body).toMatchObject({ code: 'LOAN.MANDATE_REQUIRED', step: 'approve-final' });
    expect(body.detail).toContain('requires an active auto-debit mandate');
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('approves once the borrower authorised a mandate, and the bounces follow the version', async () => {
    await registerMandate(loan.id);
    expect((await t.http.post(`/api/admin/loans/${loan.id}/approve-final`).set(bearer(admin)).send({}).expect(200)).body.state).toBe(
      'disbursal.pending',
    );
    await t.http
      .post(`/api/admin/loans/${loan.id}/disburse`)
      .set(bearer(admin))
      .send({ payoutReference: 'UTR-MANDATED', disbursedOn: '2026-11-21' })
      .expect(200);
    const due1 = loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body).schedule![0]!
      .dueDate;

    await setBusinessDate(due1);
    await runPresentations();
    const [first] = (await mandatesOf(loan.id)).presentations;
    await bounce(first!.id);
    const bounced = (await mandatesOf(loan.id)).presentations[0]!;
    expect(bounced).toMatchObject({ status: 'bounced', bounceCharge: BOUNCE, nextAttemptOn: '2026-12-24' });

    await setBusinessDate('2026-12-24');
    await runPresentations();
    const second = (await mandatesOf(loan.id)).presentations.find((p) => p.attempt === 2)!;
    expect(second.amount).toBe(first!.amount + BOUNCE);
    await bounce(second.id);
    const view = await mandatesOf(loan.id);
    expect(view.presentations.find((p) => p.attempt === 2)).toMatchObject({ status: 'bounced', nextAttemptOn: null });
    expect(view.manualCollections).toEqual([expect.objectContaining({ instalmentNumber: 1, code: 'presentations-exhausted' })]);
  });
});
