import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journalEntrySchema } from '../../../src/accounting/http/accounting.schemas.js';
import { loanDetailSchema, myLoanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loanMandatesSchema, mandateStartedSchema, presentationsRunSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { bearer, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32's walk-through found it: a returned auto-debit's charge (`BounceChargeApplied`) reached the loan's own fold
 * (the re-presentation collected it) but not the read models, so the loan page, the portal and the collections
 * buckets showed no charge, the re-presentation's ₹500 landed as a credit balance, and the books had no penal income.
 * Here, on a real database: the charge is on the instalment in the servicing read model (loan answer and borrower's
 * answer), the re-presentation pays it with nothing left over, the books post it as penal income receivable, and a
 * replay of every projection equals what was built live.
 */
let t: TestApp;
let admin: string;
let accountant: string;
let borrower: { token: string };
let loan: LoanHandle;

const CHARGE = 50_000;
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const adminLoan = async () => loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body);
const myLoan = async () =>
  myLoanDetailSchema.parse((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(borrower.token)).expect(200)).body);
const presentations = async () =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).expect(200)).body).presentations;
const runPresentations = async () =>
  presentationsRunSchema.parse((await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200)).body);
const journal = async () =>
  (await t.http.get(`/api/admin/loans/${loan.id}/journal`).set(bearer(accountant)).expect(200)).body.map((e: unknown) =>
    journalEntrySchema.parse(e),
  );

beforeAll(async () => {
  t = await startTestApp('bounce_charge_servicing', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  accountant = await staffWithRole(t.http, admin, 'accountant');
  borrower = await registerBorrower(t.http, 'Bina Bounce');
  await setBusinessDate('2026-11-25');
  loan = await loanIn(t.http, 'active', borrower.token, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
});

afterAll(async () => {
  await t?.close();
});

describe('a bounce charge in the read models', () => {
  it('given a presented instalment, when the bank returns it, then the charge is on that instalment for staff and the borrower', async () => {
    const due1 = (await adminLoan()).schedule![0]!.dueDate;
    await setBusinessDate(due1);
    expect(await runPresentations()).toMatchObject({ decisions: 1, sent: 1 });
    const [first] = await presentations();
    await t.http.post(`/api/mandates/sandbox/presentations/${first!.id}/bounce`).query({ reasonCode: 'INSUFFICIENT_FUNDS' }).expect(200);

    for (const view of [await adminLoan(), await myLoan()]) {
      expect(view.instalments![0]).toMatchObject({ penalties: CHARGE, paidPenalties: 0, status: 'due' });
      expect(view.outstanding!.penalties).toBe(CHARGE);
    }
    const charged = (await journal()).find((e: { eventType: string }) => e.eventType === 'BounceChargeApplied');
    expect(charged?.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: '1130', debit: CHARGE, credit: 0 }),
        expect.objectContaining({ account: '4300', debit: 0, credit: CHARGE }),
      ]),
    );
  });

  it('when the re-presentation (the charge included) is paid, then the instalment is paid in full with no credit balance left', async () => {
    const [bounced] = await presentations();
    await setBusinessDate(bounced!.nextAttemptOn!);
    expect(await runPresentations()).toMatchObject({ decisions: 1, sent: 1 });
    const again = (await presentations()).find((p) => p.attempt === 2)!;
    expect(again.amount).toBe(bounced!.amount + CHARGE);
    await t.http.post(`/api/mandates/sandbox/presentations/${again.id}/succeed`).expect(200);

    const after = await adminLoan();
    expect(after.instalments![0]).toMatchObject({ status: 'paid', penalties: CHARGE, paidPenalties: CHARGE });
    expect(after.outstanding!.penalties).toBe(0);
    expect(after.creditBalance).toBe(0);
  });

  it('a replay of every projection (servicing and the books included) equals what was built live', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['loan_servicing', 'loan_instalments', 'loan_transactions', 'accounting_loans']));
    expect(report.differences).toEqual([]);
  });
});
