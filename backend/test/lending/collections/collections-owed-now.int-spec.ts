import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { dialerQueueSchema } from '../../../src/communications/http/channel.schemas.js';
import { collectionRowSchema } from '../../../src/lending/collections/http/collections.schemas.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import {
  bearer,
  createEmiProduct,
  expectFieldProblem,
  expectProblem,
  loanIn,
  staffTokenWithRole,
  type LoanHandle,
} from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 27 item 3: the collection buckets, their detail rows and the dialer show what is owed at the business date,
 * from the servicing fold's instalments (what is left of each after payments), never an instalment's whole size or
 * amounts not due yet. Two loans paid out on 2026-11-21 (instalment 1 due 2026-12-21, instalment 2 due 2027-01-21)
 * under a product with 3 grace days and no penal charge; the business date is 2026-12-30: instalment 1 is overdue,
 * instalment 2 is in the future. Asha paid part of instalment 1 after its due date; Bilal paid on the day of disbursal.
 */
let t: TestApp;
let admin: string;
let asha: LoanHandle;
let bilal: LoanHandle;

type Row = z.infer<typeof collectionRowSchema>;
type Instalment = {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  fees: number;
  penalties: number;
  paidPrincipal: number;
  paidInterest: number;
  paidFees: number;
  paidPenalties: number;
};

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const bucket = async (name: string): Promise<Row[]> =>
  z.array(collectionRowSchema).parse(
    (
      await t.http
        .get('/api/admin/collections')
        .query({ filter: JSON.stringify({ bucket: name }) })
        .set(bearer(admin))
        .expect(200)
    ).body,
  );
const instalmentsOf = async (loan: LoanHandle): Promise<Instalment[]> =>
  (await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body.instalments;
/** What the loan's own answer says is left on an instalment, by component. */
const leftOn = (i: Instalment) => ({
  principal: i.principal - i.paidPrincipal,
  interest: i.interest - i.paidInterest,
  fees: i.fees - i.paidFees,
  penalties: i.penalties - i.paidPenalties,
  total: i.principal + i.interest + i.fees + i.penalties - i.paidPrincipal - i.paidInterest - i.paidFees - i.paidPenalties,
});

async function pay(loan: LoanHandle, amount: number, paidOn: string): Promise<void> {
  const checker = await staffTokenWithRole(t.http, admin, 'operations-manager');
  const recorded = await t.http
    .post(`/api/admin/loans/${loan.id}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
}

beforeAll(async () => {
  t = await startTestApp('collections-owed-now', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  const productId = await createEmiProduct(t.http, admin, {
    code: 'owed-now-emi',
    name: 'Owed now personal loan',
    graceDays: 3,
    penalChargeFlat: 0,
  });
  await setBusinessDate('2026-11-21');
  const body = { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId };
  asha = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Asha Owed')).token, admin, body);
  bilal = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Bilal Early')).token, admin, body);
  // Bilal pays on the day of disbursal (whatever the allocation rules make of it, the buckets show what is left).
  await pay(bilal, 1_375_200, '2026-11-21');
  await setBusinessDate('2026-12-26');
  await pay(asha, 300_000, '2026-12-26');
  await setBusinessDate('2026-12-30');
});

afterAll(async () => {
  await t?.close();
});

describe('the Overdue tab with instalment 1 overdue and instalment 2 in the future', () => {
  it('lists only instalment 1, with what is still owed on it by component, not its whole size', async () => {
    const [one, two] = await instalmentsOf(asha);
    const rows = (await bucket('Overdue')).filter((r) => r.loanId === asha.id);
    expect(rows.map((r) => r.instalmentNumber)).toEqual([1]);
    const left = leftOn(one!);
    expect(rows[0]).toMatchObject({
      id: `inst:${asha.id}:1`,
      amountDue: left.total,
      amountOverdue: left.total,
      due: left,
      amountPaid: 300_000,
    });
    // The payment took the processing fee and the interest first (mifos-standard), then principal.
    expect(rows[0]!.due).toMatchObject({ fees: 0, interest: 0 });
    expect(rows[0]!.amountDue).toBeLessThan(one!.principal + one!.interest + one!.fees);
    expect(two!.dueDate).toBe('2027-01-21');
  });

  it('the loan row (Active) owes instalment 1’s part only: instalment 2 is not due yet; the balance is apart', async () => {
    const [one] = await instalmentsOf(asha);
    const loanRow = (await bucket('Active')).find((r) => r.loanId === asha.id)!;
    expect(loanRow).toMatchObject({ amountDue: leftOn(one!).total, amountOverdue: leftOn(one!).total, due: leftOn(one!) });
    expect(loanRow.outstanding).toBeGreaterThan(loanRow.amountDue!);
  });

  it('a loan paid on the day of disbursal: every row shows what the loan’s own schedule says is left, never more', async () => {
    const instalments = await instalmentsOf(bilal);
    const rows = (await bucket('Overdue')).filter((r) => r.loanId === bilal.id);
    for (const row of rows) {
      const instalment = instalments.find((i) => i.number === row.instalmentNumber)!;
      expect(row.due).toEqual(leftOn(instalment));
      expect(row.amountDue).toBe(leftOn(instalment).total);
    }
    const loanRow = (await bucket('Active')).find((r) => r.loanId === bilal.id)!;
    const dueByNow = instalments.filter((i) => i.dueDate <= '2026-12-30').reduce((sum, i) => sum + leftOn(i).total, 0);
    expect(loanRow.amountDue).toBe(dueByNow);
  });

  it('the dialer and the Overdue tab show the same amount', async () => {
    const queue = dialerQueueSchema.parse((await t.http.get('/api/admin/dialer/queue').set(bearer(admin)).expect(200)).body);
    for (const loan of [asha, bilal]) {
      const overdue = (await bucket('Overdue')).filter((r) => r.loanId === loan.id).reduce((sum, r) => sum + r.amountOverdue!, 0);
      const called = queue.loans.find((l) => l.loanId === loan.id);
      expect(called?.amountOverdue ?? 0).toBe(overdue);
    }
  });

  it('a payment of what the row says leaves nothing overdue', async () => {
    const row = (await bucket('Overdue')).find((r) => r.id === `inst:${asha.id}:1`)!;
    await pay(asha, row.amountDue!, '2026-12-30');
    expect((await bucket('Overdue')).filter((r) => r.loanId === asha.id)).toEqual([]);
    const loanRow = (await bucket('Active')).find((r) => r.loanId === asha.id)!;
    expect(loanRow).toMatchObject({ amountDue: 0, amountOverdue: 0, dpd: 0 });
  });
});

describe("a bucket's detail row", () => {
  const get = (id: string, bucketName?: string) =>
    t.http
      .get(`/api/admin/collections/${encodeURIComponent(id)}`)
      .query(bucketName ? { bucket: bucketName } : {})
      .set(bearer(admin));

  it('opens a row through the bucket it is in, and says which buckets it is in', async () => {
    const res = await get(`inst:${asha.id}:1`, 'Paid').expect(200);
    expect(collectionRowSchema.parse(res.body).buckets).toEqual(['Paid']);
    expect((await get(`loan:${asha.id}`)).body.buckets).toEqual(['Active']);
  });

  it('through a bucket it is not in: 404 not-in-bucket naming the buckets it is in, so the page can link there', async () => {
    const problem = expectProblem(await get(`inst:${asha.id}:1`, 'Overdue'), 404, 'not-in-bucket');
    expect(problem).toMatchObject({ bucket: 'Overdue', buckets: ['Paid'] });
    expect(problem.detail).toContain('it is in Paid');
    // A loan row asked for through an instalment bucket, and an instalment in no bucket at all.
    expect(expectProblem(await get(`loan:${asha.id}`, 'Overdue'), 404, 'not-in-bucket')).toMatchObject({ buckets: ['Active'] });
    expect(expectProblem(await get(`inst:${asha.id}:12`, 'Due'), 404, 'not-in-bucket')).toMatchObject({ buckets: [] });
  });

  it('an unknown bucket is a 400 naming bucket', async () => {
    expectFieldProblem(await get(`inst:${asha.id}:1`, 'Settled'), ['bucket']);
  });
});

it('the servicing read models (with what is owed on each instalment) replay exactly', async () => {
  const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
  expect(report.tables).toEqual(expect.arrayContaining(['loan_instalments']));
  expect(report.differences).toEqual([]);
});
