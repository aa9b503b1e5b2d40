import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { CLOSE_OF_BUSINESS_ACTOR, CloseOfBusiness } from '../../../src/lending/collections/application/close-of-business.js';
import {
  ageLoansJob,
  CLOSE_OF_BUSINESS_QUEUE,
  closeOfBusinessInJobs,
  NIGHTLY_CLOSE_OF_BUSINESS_JOB,
  NIGHTLY_CLOSE_OF_BUSINESS_QUEUE,
  nightlyCloseOfBusinessJob,
} from '../../../src/lending/collections/jobs/close-of-business.job.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { closeOfBusinessResultSchema, loanDelinquencySchema } from '../../../src/lending/collections/http/collections.schemas.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { paymentSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { bearer, expectFieldProblem, expectProblem, historyOf, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 13, close of business over HTTP on a real database, the business date set by hand (manual mode). The loan is
 * paid out on 2026-11-21 under a product with 3 grace days and a flat penal charge of 500.00: instalment 1 is due
 * on 2026-12-21, instalment 2 on 2027-01-21.
 */
let t: TestApp;
let admin: string;
let checker: string;
let alice: { token: string; user: { _id: string } };
let loan: LoanHandle;
const PENAL = 50_000;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const closeOfBusiness = async (body: object = {}) =>
  closeOfBusinessResultSchema.parse((await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send(body).expect(200)).body);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
const delinquency = async (id: string) =>
  loanDelinquencySchema.parse((await t.http.get(`/api/admin/loans/${id}/delinquency`).set(bearer(admin)).expect(200)).body);
const COLLECTION_EVENTS = ['InstalmentFellDue', 'InstalmentWentOverdue', 'PenalChargeApplied', 'LoanClassificationChanged'];
const collectionEvents = async (id: string) =>
  (await historyOf(t.http, admin, id)).filter((e) => COLLECTION_EVENTS.includes(e.type)).map((e) => ({ type: e.type, ...e.data }));

beforeAll(async () => {
  t = await startTestApp('close-of-business', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  alice = await registerBorrower(t.http, 'Alice Late');
  const product = (
    await t.http
      .post('/api/admin/products')
      .set(bearer(admin))
      .send({
        code: 'cob-emi',
        name: 'COB personal loan',
        type: 'EMI',
        minAmount: 1_000_000,
        maxAmount: 30_000_000,
        minTenureMonths: 6,
        maxTenureMonths: 24,
        annualRatePercent: 12,
        processingFeePercent: 1,
        graceDays: 3,
        penalChargeFlat: PENAL,
        allocationStrategy: 'mifos-standard',
        prepaymentMode: 'reduceTenure',
      })
      .expect(201)
  ).body as { id: string };
  await setBusinessDate('2026-11-21');
  loan = await loanIn(t.http, 'active', alice.token, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product.id });
});

afterAll(async () => {
  await t?.close();
});

describe('close of business, run day after day', () => {
  it('before the first due date, the loan is standard and nothing is appended for it', async () => {
    await setBusinessDate('2026-12-20');
    const run = await closeOfBusiness();
    expect(run).toMatchObject({ date: '2026-12-20', loansProcessed: expect.any(Number) });
    expect(run.loansProcessed).toBeGreaterThanOrEqual(1);
    expect(await collectionEvents(loan.id)).toEqual([]);
    expect(await adminLoan(loan.id)).toMatchObject({ dpd: 0, classification: 'standard' });
  });

  it('on the due date the instalment falls due and, unpaid at the day end, the loan is SMA-0 (grace days delay only the overdue)', async () => {
    await setBusinessDate('2026-12-21');
    const run = await closeOfBusiness();
    expect(run).toMatchObject({ date: '2026-12-21', eventsAppended: 2 });
    expect(await collectionEvents(loan.id)).toEqual([
      expect.objectContaining({ type: 'InstalmentFellDue', instalmentNumber: 1, dueDate: '2026-12-21' }),
      expect.objectContaining({ type: 'LoanClassificationChanged', from: 'standard', to: 'SMA-0', dpd: 1, date: '2026-12-21' }),
    ]);
  });

  it('run again for the same date, it appends nothing', async () => {
    const counts = await storeCounts(t);
    expect(await closeOfBusiness({ date: '2026-12-21' })).toMatchObject({ date: '2026-12-21', loansVisited: 0, eventsAppended: 0 });
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('after missed days, it catches up: overdue and the penal charge once, at the day end of the last grace day', async () => {
    await setBusinessDate('2026-12-30');
    expect(await closeOfBusiness({ date: '2026-12-30' })).toMatchObject({ eventsAppended: 2 });
    const events = await collectionEvents(loan.id);
    expect(events.slice(2)).toEqual([
      expect.objectContaining({ type: 'InstalmentWentOverdue', instalmentNumber: 1, date: '2026-12-24' }),
      expect.objectContaining({ type: 'PenalChargeApplied', instalmentNumber: 1, amount: PENAL, date: '2026-12-24' }),
    ]);
    const detail = await adminLoan(loan.id);
    // Past its grace days and unpaid: overdue (issue 27; it used to read upcoming).
    expect(detail.instalments[0]).toMatchObject({ number: 1, penalties: PENAL, status: 'overdue' });
    expect(detail.outstanding!.penalties).toBe(PENAL);
    expect(await closeOfBusiness()).toMatchObject({ eventsAppended: 0 });
  });

  it('thirty days on it is SMA-1; the loan and its delinquency history show it', async () => {
    await setBusinessDate('2027-01-21');
    await closeOfBusiness();
    expect(await adminLoan(loan.id)).toMatchObject({ dpd: 31, classification: 'SMA-1' });
    const list = await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ q: loan.id }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.body.find((row: { id: string }) => row.id === loan.id)).toMatchObject({ dpd: 31, classification: 'SMA-1' });
    expect(await delinquency(loan.id)).toEqual({
      loanId: loan.id,
      classification: 'SMA-1',
      dpd: 31,
      dpdOn: '2027-01-20',
      overdueSince: '2026-12-21',
      history: [
        { from: 'standard', to: 'SMA-0', dpd: 1, date: '2026-12-21' },
        { from: 'SMA-0', to: 'SMA-1', dpd: 31, date: '2027-01-20' },
      ],
    });
    const fellDue = (await collectionEvents(loan.id)).filter((e) => e.type === 'InstalmentFellDue');
    expect(fellDue.map((e) => (e as { instalmentNumber?: number }).instalmentNumber)).toEqual([1, 2]);
  });

  it('paying every arrear (with the penal charge) returns the loan to standard at the next day end', async () => {
    const detail = await adminLoan(loan.id);
    const arrears = detail.instalments
      .filter((i) => i.dueDate <= '2027-01-21')
      .reduce(
        (sum, i) => sum + i.principal + i.interest + i.fees + i.penalties - i.paidPrincipal - i.paidInterest - i.paidFees - i.paidPenalties,
        0,
      );
    const recorded = paymentSchema.parse(
      (
        await t.http
          .post(`/api/admin/loans/${loan.id}/payments`)
          .set(bearer(admin))
          .send({ amount: arrears, paidOn: '2027-01-21', method: 'cash' })
          .expect(201)
      ).body,
    );
    await t.http.post(`/api/admin/payments/${recorded.id}/verify`).set(bearer(checker)).expect(200);
    await setBusinessDate('2027-01-22');
    await closeOfBusiness();
    const after = await delinquency(loan.id);
    expect(after).toMatchObject({ classification: 'standard', dpd: 0, overdueSince: null });
    expect(after.history.at(-1)).toEqual({ from: 'SMA-1', to: 'standard', dpd: 0, date: '2027-01-22' });
    expect(await adminLoan(loan.id)).toMatchObject({ dpd: 0, classification: 'standard' });
  });

  it('reads only the loans with something to record: a row dated too early (as migration 0023 leaves old rows) is read once and put right', async () => {
    const nextOn = async () =>
      (await t.runtime.db.selectFrom('loan_summaries').select('next_cob_on').where('id', '=', loan.id).executeTakeFirstOrThrow())
        .next_cob_on;
    // Standard again, instalment 2 paid: the next thing to record is instalment 3 falling due.
    expect(await nextOn()).toBe('2027-02-21');
    expect(await closeOfBusiness({ date: '2027-01-22' })).toMatchObject({ loansProcessed: 1, loansVisited: 0, eventsAppended: 0 });
    await t.runtime.db.updateTable('loan_summaries').set({ next_cob_on: '2026-11-22' }).where('id', '=', loan.id).execute();
    const counts = await storeCounts(t);
    expect(await closeOfBusiness({ date: '2027-01-22' })).toMatchObject({ loansVisited: 1, eventsAppended: 0 });
    expect(await storeCounts(t)).toEqual(counts);
    expect(await nextOn()).toBe('2027-02-21');
    expect(await closeOfBusiness({ date: '2027-01-22' })).toMatchObject({ loansVisited: 0 });
  });

  it('the read models replay exactly', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.tables).toEqual(expect.arrayContaining(['loan_summaries', 'loan_instalments']));
    expect(report.differences).toEqual([]);
  });
});

describe('close of business split into BullMQ jobs', () => {
  it('ages loans by chunks on two workers exactly as the in-process run does', async () => {
    const cob = t.app.get(CloseOfBusiness);
    const job = ageLoansJob(cob);
    for (let i = 0; i < 2; i++) t.runtime.queue.worker(CLOSE_OF_BUSINESS_QUEUE, (j) => job.process(j), 1);
    await setBusinessDate('2026-11-21');
    const product = (await historyOf(t.http, admin, loan.id))[0]!.data.productId as string;
    const inJobs = [
      await loanIn(t.http, 'active', alice.token, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product }),
      await loanIn(t.http, 'active', alice.token, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product }),
    ];
    await setBusinessDate('2027-01-22');
    const run = await closeOfBusinessInJobs(cob, t.runtime.queue, CLOSE_OF_BUSINESS_ACTOR, '2027-01-22', { chunk: 1 });
    expect(run.date).toBe('2027-01-22');
    expect(run.loansProcessed).toBeGreaterThanOrEqual(3);
    const shape = (events: Record<string, unknown>[]) =>
      events.map(({ type, instalmentNumber, date, dueDate, to, dpd, amount }) => ({
        type,
        instalmentNumber,
        date,
        dueDate,
        to,
        dpd,
        amount,
      }));
    const first = shape(await collectionEvents(inJobs[0]!.id));
    expect(first.filter((e) => e.type === 'LoanClassificationChanged').map((e) => e.to)).toEqual(['SMA-0', 'SMA-1']);
    expect(shape(await collectionEvents(inJobs[1]!.id))).toEqual(first);
    expect(run.eventsAppended).toBe(2 * first.length);
    // Run again with other chunks (one of them the same single loan as before): nothing more, counted as nothing.
    expect(await closeOfBusinessInJobs(cob, t.runtime.queue, CLOSE_OF_BUSINESS_ACTOR, '2027-01-22', { chunk: 2 })).toMatchObject({
      loansProcessed: run.loansProcessed,
      eventsAppended: 0,
    });
  });
});

describe('the nightly close of business', () => {
  it('is scheduled at five past midnight in the business time zone, and closes the day before the business date', async () => {
    const scheduler = await t.runtime.queue.queue(NIGHTLY_CLOSE_OF_BUSINESS_QUEUE).getJobScheduler(NIGHTLY_CLOSE_OF_BUSINESS_JOB);
    expect(scheduler).toMatchObject({ pattern: '5 0 * * *', tz: 'Asia/Kolkata' });
    const nightly = nightlyCloseOfBusinessJob(t.app.get(CloseOfBusiness), t.runtime.queue);
    expect(await nightly.process({ data: {} } as Job)).toMatchObject({ date: '2027-01-21', eventsAppended: 0 });
  });
});

describe('refusals', () => {
  it('a bad or future date is a 400 naming the field, and nothing is appended', async () => {
    const counts = await storeCounts(t);
    const post = (body: unknown) =>
      t.http
        .post('/api/admin/close-of-business')
        .set(bearer(admin))
        .send(body as object);
    expectFieldProblem(await post({ date: '2027-02-30' }), ['date']);
    expectFieldProblem(await post({ date: 'yesterday' }), ['date']);
    const future = expectFieldProblem(await post({ date: '2027-01-23' }), ['date']);
    expect(future[0]!.message).toMatch(/business date \(2027-01-22\)/);
    expectFieldProblem(await post({ date: '2027-01-20', extra: 1 }), ['extra']);
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('staff without collections.manage, and borrowers, are refused', async () => {
    const officer = await staffWithRole(t.http, admin, 'credit-officer');
    expectProblem(await t.http.post('/api/admin/close-of-business').set(bearer(officer)).send({}), 403);
    expectProblem(await t.http.post('/api/admin/close-of-business').set(bearer(alice.token)).send({}), 403);
    expectProblem(await t.http.get(`/api/admin/loans/${loan.id}/delinquency`).set(bearer(alice.token)), 403);
    const agent = await staffWithRole(t.http, admin, 'collections-agent');
    await t.http.post('/api/admin/close-of-business').set(bearer(agent)).send({}).expect(200);
  });

  it('a run asked with the staff cookie alone from another site is refused and appends nothing', async () => {
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const counts = await storeCounts(t);
    expectProblem(
      await t.http.post('/api/admin/close-of-business').set('Cookie', cookie).set('Origin', 'https://evil.example').send({}),
      403,
      'csrf-refused',
    );
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('the delinquency of an unknown loan is 404', async () => {
    expectProblem(await t.http.get(`/api/admin/loans/${randomUUID()}/delinquency`).set(bearer(admin)), 404);
  });
});

describe('close of business over several loans at once', () => {
  it('decides several loans of a chunk at once and counts every event it appended', async () => {
    await setBusinessDate('2026-11-21');
    const product = (await historyOf(t.http, admin, loan.id))[0]!.data.productId as string;
    const loans: LoanHandle[] = [];
    for (let i = 0; i < 6; i++)
      loans.push(
        await loanIn(t.http, 'active', alice.token, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product }),
      );
    await setBusinessDate('2027-02-22');
    const collectionEventCount = async () =>
      Number(
        (
          await t.runtime.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('type', 'in', COLLECTION_EVENTS)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await collectionEventCount();
    const run = await t.app.get(CloseOfBusiness).run(CLOSE_OF_BUSINESS_ACTOR, '2027-02-22');
    // Each new loan: instalments 1 to 3 fell due, 1 and 2 went overdue with their charges, SMA-0, SMA-1, SMA-2 (61 days on 19 February).
    for (const l of loans) expect((await collectionEvents(l.id)).length).toBe(10);
    expect(run.loansVisited).toBeGreaterThanOrEqual(6);
    expect(run.eventsAppended).toBe((await collectionEventCount()) - before);
  });
});
