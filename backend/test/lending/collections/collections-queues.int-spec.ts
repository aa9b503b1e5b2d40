import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  assignmentResultSchema,
  collectionBucketCountsSchema,
  collectionContactSchema,
  collectionRowSchema,
  collectorSchema,
  recordedContactSchema,
} from '../../../src/lending/collections/http/collections.schemas.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { bearer, expectFieldProblem, expectProblem, historyOf, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 13 item 3, the collection buckets over HTTP on a real database, the business date set by hand. Three loans are
 * paid out on 2026-11-21 under a product with 3 grace days and no penal charge, instalment 1 due on 2026-12-21:
 * Alice's ages Upcoming → Due → Overdue, Bob's is part paid then paid, Chandra's has a payment waiting for its checker.
 */
let t: TestApp;
let admin: string;
let checker: string;
let collector: string;
let collectorId: string;
let officer: string;
let alice: LoanHandle;
let bob: LoanHandle;
let chandra: LoanHandle;
let pendingPaymentId: string;
let aliceToken: string;

const rowsSchema = z.array(collectionRowSchema);
type Row = z.infer<typeof collectionRowSchema>;

async function staffWithRole(roleId: string, name = `Staff ${roleId}`): Promise<{ token: string; id: string }> {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  const created = await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name, email, password: 'staff-password-1', roleId })
    .expect(201);
  const token = (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
  return { token, id: created.body.id as string };
}

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const closeOfBusiness = () => t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
const list = (filter: object, extra: Record<string, string> = {}, token = admin) =>
  t.http
    .get('/api/admin/collections')
    .query({ filter: JSON.stringify(filter), ...extra })
    .set(bearer(token));
async function bucket(name: string, filter: object = {}, extra: Record<string, string> = {}): Promise<{ rows: Row[]; range: string }> {
  const res = await list({ bucket: name, ...filter }, extra).expect(200);
  return { rows: rowsSchema.parse(res.body), range: res.headers['content-range'] as string };
}
const mine = (rows: Row[]) => rows.filter((r) => [alice.id, bob.id, chandra.id].includes(r.loanId));
const ids = async (name: string, filter: object = {}) =>
  mine((await bucket(name, filter)).rows)
    .map((r) => r.id)
    .sort();
const counts = async () =>
  collectionBucketCountsSchema.parse((await t.http.get('/api/admin/collection-buckets').set(bearer(admin)).expect(200)).body);
const inst = (loan: LoanHandle, n = 1) => `inst:${loan.id}:${n}`;
const row = async (id: string) =>
  collectionRowSchema.parse((await t.http.get(`/api/admin/collections/${id}`).set(bearer(admin)).expect(200)).body);

async function pay(loan: LoanHandle, amount: number, paidOn: string, verify = true): Promise<string> {
  const recorded = await t.http
    .post(`/api/admin/loans/${loan.id}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  if (verify) await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
  return recorded.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp('collection-queues', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = (await staffWithRole('operations-manager')).token;
  ({ token: collector, id: collectorId } = await staffWithRole('collector', 'Kavya Collector'));
  officer = (await staffWithRole('credit-officer')).token;
  const product = (
    await t.http
      .post('/api/admin/products')
      .set(bearer(admin))
      .send({
        code: 'queues-emi',
        name: 'Queues personal loan',
        type: 'EMI',
        minAmount: 1_000_000,
        maxAmount: 30_000_000,
        minTenureMonths: 6,
        maxTenureMonths: 24,
        annualRatePercent: 12,
        processingFeePercent: 1,
        graceDays: 3,
        penalChargeFlat: 0,
        allocationStrategy: 'mifos-standard',
        prepaymentMode: 'reduceTenure',
      })
      .expect(201)
  ).body as { id: string };
  await setBusinessDate('2026-11-21');
  const body = { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product.id };
  aliceToken = (await registerBorrower(t.http, 'Alice Queue')).token;
  alice = await loanIn(t.http, 'active', aliceToken, admin, body);
  bob = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Bob Queue')).token, admin, body);
  chandra = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Chandra Queue')).token, admin, body);
});

afterAll(async () => {
  await t?.close();
});

describe('the buckets as the business date moves', () => {
  it('on the day of disbursal: every loan is Active and in Disbursal, nothing is Upcoming yet', async () => {
    const loans = [`loan:${alice.id}`, `loan:${bob.id}`, `loan:${chandra.id}`].sort();
    expect(await ids('Active')).toEqual(loans);
    expect(await ids('Disbursal')).toEqual(loans);
    expect(await ids('Upcoming')).toEqual([]);
    const active = (await bucket('Active')).rows.find((r) => r.loanId === alice.id)!;
    expect(active).toMatchObject({
      kind: 'loan',
      state: 'active',
      borrower: { name: 'Alice Queue', phone: expect.any(String) },
      dueDate: '2026-12-21',
      dpd: 0,
      classification: 'standard',
      assignedTo: null,
    });
    // Nothing is owed yet on the day of disbursal; the balance is apart, as outstanding.
    expect(active).toMatchObject({ amountDue: 0, amountOverdue: 0, due: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 } });
    expect(active.outstanding).toBeGreaterThan(10_000_000);
    const c = await counts();
    expect(Object.keys(c).sort()).toEqual(
      ['Active', 'Disbursal', 'Due', 'Overdue', 'Paid', 'Partial', 'Pending', 'Reminder', 'Setteled', 'Upcoming', 'closed'].concat().sort(),
    );
    expect(c).toMatchObject({ Active: 3, Disbursal: 3, Upcoming: 0, Due: 0, Overdue: 0, Setteled: 0, closed: 0, Pending: 0 });
  });

  it('within 7 days of the due date the first instalments are Upcoming, one row each, with the amounts due', async () => {
    await setBusinessDate('2026-12-15');
    const { rows, range } = await bucket('Upcoming');
    expect(range).toBe('collections 0-2/3');
    expect(rows.map((r) => r.id).sort()).toEqual([inst(alice), inst(bob), inst(chandra)].sort());
    expect(rows[0]).toMatchObject({
      kind: 'instalment',
      instalmentNumber: 1,
      dueDate: '2026-12-21',
      amountPaid: 0,
      dpd: 0,
      lastReminderAt: null,
      promiseBroken: false,
    });
    expect(rows[0]!.amountDue).toBeGreaterThan(0);
    expect((await counts()).Upcoming).toBe(3);
    expect(await ids('Reminder')).toEqual([]);
  });

  it('three days before the due date their reminder is due', async () => {
    await setBusinessDate('2026-12-18');
    expect(await ids('Reminder')).toEqual([inst(alice), inst(bob), inst(chandra)].sort());
  });

  it('on the due date they are Due (within grace), not yet past due (the day has not ended); part paid is Partial; an unverified payment is Pending', async () => {
    await setBusinessDate('2026-12-21');
    await closeOfBusiness();
    expect(await ids('Upcoming')).toEqual([]);
    expect(await ids('Due')).toEqual([inst(alice), inst(bob), inst(chandra)].sort());
    expect((await row(inst(alice))).dpd).toBe(0);
    await pay(bob, 100_000, '2026-12-21');
    expect(await ids('Partial')).toEqual([inst(bob)]);
    expect(await row(inst(bob))).toMatchObject({ amountPaid: 100_000 });
    pendingPaymentId = await pay(chandra, 50_000, '2026-12-21', false);
    const pending = (await bucket('Pending')).rows.filter((r) => r.loanId === chandra.id);
    expect(pending).toEqual([
      expect.objectContaining({
        id: `pay:${pendingPaymentId}`,
        kind: 'payment',
        paymentId: pendingPaymentId,
        amount: 50_000,
        borrower: expect.objectContaining({ name: 'Chandra Queue' }),
      }),
    ]);
    expect(await row(`pay:${pendingPaymentId}`)).toMatchObject({ amount: 50_000 });
    expect(await counts()).toMatchObject({ Due: 3, Partial: 1, Pending: 1 });
  });

  it('on the last of the 3 grace days they are still Due; past them they are Overdue, days past due counted to the last day end', async () => {
    await setBusinessDate('2026-12-24');
    expect(await ids('Due')).toEqual([inst(alice), inst(bob), inst(chandra)].sort());
    expect(await ids('Overdue')).toEqual([]);
    await setBusinessDate('2026-12-25');
    await closeOfBusiness();
    expect(await ids('Due')).toEqual([]);
    expect(await ids('Overdue')).toEqual([inst(alice), inst(bob), inst(chandra)].sort());
    expect(await row(inst(alice))).toMatchObject({ dpd: 4, classification: 'SMA-0' });
    // Not stale: a day later, with no close of business run, the row counts one more day.
    await setBusinessDate('2026-12-26');
    expect((await row(inst(alice))).dpd).toBe(5);
    expect((await counts()).Overdue).toBe(3);
  });

  it('paid in full it leaves Overdue and Partial and is Paid', async () => {
    const owed = await row(inst(bob));
    // amountDue is what is still owed on it (the part paid on 21 December taken off).
    expect(owed.amountDue).toBe(owed.due!.total);
    await pay(bob, owed.amountDue!, '2026-12-26');
    expect(await ids('Overdue')).toEqual([inst(alice), inst(chandra)].sort());
    expect(await ids('Partial')).toEqual([]);
    expect(await ids('Paid')).toEqual([inst(bob)]);
    expect(await row(inst(bob))).toMatchObject({ dpd: 0 });
  });
});

describe('filters and sorts', () => {
  it('q finds by borrower name; dpd and classification filter; sorts by dpd, dueDate and amountDue', async () => {
    expect(mine((await bucket('Overdue', { q: 'chandra' })).rows).map((r) => r.id)).toEqual([inst(chandra)]);
    expect(await ids('Overdue', { dpdFrom: 5, dpdTo: 5 })).toEqual([inst(alice), inst(chandra)].sort());
    expect(await ids('Overdue', { dpdFrom: 6 })).toEqual([]);
    expect(await ids('Overdue', { classification: 'SMA-0' })).toEqual([inst(alice), inst(chandra)].sort());
    expect(await ids('Overdue', { classification: 'NPA' })).toEqual([]);
    const byDpd = mine((await bucket('Active', {}, { sort: '["dpd","DESC"]' })).rows);
    expect(byDpd.at(-1)!.loanId).toBe(bob.id);
    const byAmount = mine((await bucket('Active', {}, { sort: '["amountDue","ASC"]' })).rows);
    expect(byAmount[0]!.loanId).toBe(bob.id);
    const byDue = await bucket('Active', {}, { sort: '["dueDate","ASC"]', range: '[0,0]' });
    expect(byDue.range).toBe('collections 0-0/3');
  });
});

describe('collectors', () => {
  it('lists the staff who can be assigned', async () => {
    const collectors = z.array(collectorSchema).parse((await t.http.get('/api/admin/collectors').set(bearer(admin)).expect(200)).body);
    expect(collectors).toEqual(expect.arrayContaining([{ id: collectorId, name: 'Kavya Collector' }]));
  });

  it('a loan is assigned to a collector; the same again appends nothing; the row and the assignedTo filter show it', async () => {
    const res = assignmentResultSchema.parse(
      (await t.http.post(`/api/admin/loans/${alice.id}/assign`).set(bearer(admin)).send({ staffId: collectorId }).expect(200)).body,
    );
    expect(res).toMatchObject({ staffId: collectorId, assigned: [alice.id], unchanged: [] });
    const before = await storeCounts(t);
    expect(
      (await t.http.post(`/api/admin/loans/${alice.id}/assign`).set(bearer(admin)).send({ staffId: collectorId }).expect(200)).body,
    ).toMatchObject({ assigned: [], unchanged: [alice.id] });
    expect(await storeCounts(t)).toEqual(before);
    expect(await row(inst(alice))).toMatchObject({ assignedTo: collectorId, assignedToName: 'Kavya Collector' });
    // As ra-data-simple-rest asks for one row: the id URI-encoded.
    const encoded = await t.http
      .get(`/api/admin/collections/${encodeURIComponent(inst(alice))}`)
      .set(bearer(admin))
      .expect(200);
    expect(encoded.body).toMatchObject({ id: inst(alice), assignedTo: collectorId });
    expect(await ids('Overdue', { assignedTo: collectorId })).toEqual([inst(alice)]);
  });

  it('bulk: every loan checked first, so one bad loan assigns none; then all at once', async () => {
    const before = await storeCounts(t);
    const missing = randomUUID();
    const refused = expectFieldProblem(
      await t.http
        .post('/api/admin/collections/assign')
        .set(bearer(admin))
        .send({ loanIds: [bob.id, missing, chandra.id], staffId: collectorId }),
      ['loanIds.1'],
    );
    expect(refused[0]!.message).toContain(missing);
    expect(await storeCounts(t)).toEqual(before);
    const res = assignmentResultSchema.parse(
      (
        await t.http
          .post('/api/admin/collections/assign')
          .set(bearer(admin))
          .send({ loanIds: [bob.id, chandra.id, bob.id], staffId: collectorId })
          .expect(200)
      ).body,
    );
    expect(res.assigned.sort()).toEqual([bob.id, chandra.id].sort());
    expect(await ids('Active', { assignedTo: collectorId })).toEqual([`loan:${alice.id}`, `loan:${bob.id}`, `loan:${chandra.id}`].sort());
  });

  it('unassigning (staffId null) takes the loan back', async () => {
    await t.http.post(`/api/admin/loans/${bob.id}/assign`).set(bearer(admin)).send({ staffId: null }).expect(200);
    expect((await row(`loan:${bob.id}`)).assignedTo).toBeNull();
  });
});

describe('contacts and promises to pay', () => {
  it('the collector records a promise to pay on their loan; the contact log lists it', async () => {
    const res = await t.http
      .post(`/api/admin/loans/${alice.id}/contacts`)
      .set(bearer(collector))
      .send({ channel: 'call', outcome: 'promised-to-pay', note: 'Will pay on Monday', promiseToPayOn: '2026-12-28' })
      .expect(201);
    expect(recordedContactSchema.parse(res.body)).toMatchObject({ loanId: alice.id, businessDate: '2026-12-26', recordedBy: collectorId });
    await t.http
      .post(`/api/admin/loans/${alice.id}/contacts`)
      .set(bearer(collector))
      .send({ channel: 'sms', outcome: 'no-answer' })
      .expect(201);
    const log = await t.http.get(`/api/admin/loans/${alice.id}/contacts`).set(bearer(collector)).expect(200);
    expect(log.headers['content-range']).toBe('contacts 0-1/2');
    const contacts = z.array(collectionContactSchema).parse(log.body);
    expect(contacts.map((c) => c.outcome)).toEqual(['no-answer', 'promised-to-pay']);
    expect(contacts[1]).toMatchObject({
      channel: 'call',
      note: 'Will pay on Monday',
      promiseToPayOn: '2026-12-28',
      recordedByName: 'Kavya Collector',
    });
    expect(await row(`loan:${alice.id}`)).toMatchObject({
      promiseToPayOn: '2026-12-28',
      promiseBroken: false,
      lastContactAt: expect.any(String),
    });
  });

  it('the promise is broken once its date passed with no payment; a payment since keeps it', async () => {
    await t.http
      .post(`/api/admin/loans/${chandra.id}/contacts`)
      .set(bearer(collector))
      .send({ channel: 'visit', outcome: 'promised-to-pay', promiseToPayOn: '2026-12-27' })
      .expect(201);
    await setBusinessDate('2026-12-29');
    expect(await row(inst(alice))).toMatchObject({ promiseToPayOn: '2026-12-28', promiseBroken: true });
    expect((await row(`loan:${alice.id}`)).promiseBroken).toBe(true);
    // Chandra's payment waiting for its checker was recorded before the promise: still broken; one after keeps it.
    expect((await row(inst(chandra))).promiseBroken).toBe(true);
    await pay(chandra, 10_000, '2026-12-27');
    expect((await row(inst(chandra))).promiseBroken).toBe(false);
  });

  it("the loan's history has the collections work; the borrower's timeline does not", async () => {
    const staffTypes = (await historyOf(t.http, admin, alice.id)).map((e) => e.type);
    expect(staffTypes).toEqual(expect.arrayContaining(['CollectorAssigned', 'CollectionContactRecorded']));
    const timeline = (await t.http.get(`/api/me/loans/${alice.id}/history`).set(bearer(aliceToken)).expect(200)).body as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['LoanDisbursed']));
    expect(timeline.map((e) => e.type)).not.toEqual(expect.arrayContaining(['CollectorAssigned']));
    expect(timeline.map((e) => e.type)).not.toEqual(expect.arrayContaining(['CollectionContactRecorded']));
  });

  it('a collector cannot record on a loan not assigned to them (403 not-assignee); staff with collections.manage can', async () => {
    const before = await storeCounts(t);
    expectProblem(
      await t.http.post(`/api/admin/loans/${bob.id}/contacts`).set(bearer(collector)).send({ channel: 'call', outcome: 'no-answer' }),
      403,
      'not-assignee',
    );
    expect(await storeCounts(t)).toEqual(before);
    await t.http.post(`/api/admin/loans/${bob.id}/contacts`).set(bearer(admin)).send({ channel: 'call', outcome: 'callback' }).expect(201);
  });
});

describe('refusals', () => {
  it('a missing or unknown bucket, a bad filter, sort or range is a 400 naming the field', async () => {
    expectFieldProblem(await t.http.get('/api/admin/collections').set(bearer(admin)), ['bucket']);
    expectFieldProblem(await list({ bucket: 'Settled' }), ['bucket']);
    expectFieldProblem(await list({ bucket: 'Overdue', dpdFrom: 'x' }), ['dpdFrom']);
    expectFieldProblem(await list({ bucket: 'Overdue', colour: 'red' }), ['filter.colour']);
    expectFieldProblem(await list({ bucket: 'Overdue' }, { range: '[5,1]' }), ['range']);
    expectFieldProblem(await list({ bucket: 'Overdue' }, { sort: '["borrower","ASC"]' }), ['sort']);
    expectProblem(await t.http.get('/api/admin/collections/inst:nope').set(bearer(admin)), 404);
    expectProblem(await t.http.get(`/api/admin/collections/loan:${randomUUID()}`).set(bearer(admin)), 404);
  });

  it('unknown staff, a promise in the past or too far, or a missing promise date: 400 naming the field, nothing appended', async () => {
    const before = await storeCounts(t);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${alice.id}/assign`).set(bearer(admin)).send({ staffId: randomUUID() }), [
      'staffId',
    ]);
    expectFieldProblem(
      await t.http
        .post('/api/admin/collections/assign')
        .set(bearer(admin))
        .send({ loanIds: [alice.id], staffId: 'nobody' }),
      ['staffId'],
    );
    // A staff member who cannot work collections is no collector.
    const officerId = (await t.http.get('/api/users/admin').set(bearer(officer)).expect(200)).body.user._id as string;
    expectFieldProblem(await t.http.post(`/api/admin/loans/${alice.id}/assign`).set(bearer(admin)).send({ staffId: officerId }), [
      'staffId',
    ]);
    expectFieldProblem(await t.http.post('/api/admin/collections/assign').set(bearer(admin)).send({ loanIds: [], staffId: collectorId }), [
      'loanIds',
    ]);
    const contact = (body: object) => t.http.post(`/api/admin/loans/${alice.id}/contacts`).set(bearer(collector)).send(body);
    expectFieldProblem(await contact({ channel: 'call', outcome: 'promised-to-pay', promiseToPayOn: '2026-12-28' }), ['promiseToPayOn']);
    expectFieldProblem(await contact({ channel: 'call', outcome: 'promised-to-pay', promiseToPayOn: '2027-03-01' }), ['promiseToPayOn']);
    expectFieldProblem(await contact({ channel: 'call', outcome: 'promised-to-pay' }), ['promiseToPayOn']);
    expectFieldProblem(await contact({ channel: 'pigeon', outcome: 'no-answer' }), ['channel']);
    expectFieldProblem(await contact({ channel: 'call', outcome: 'no-answer', promiseToPayOn: '2026-12-30' }), ['promiseToPayOn']);
    expect(await storeCounts(t)).toEqual(before);
  });

  it('a loan not being serviced cannot be assigned or contacted (409), an unknown one is 404', async () => {
    const closedOrNew = await loanIn(t.http, 'applied', (await registerBorrower(t.http, 'Dev Applied')).token, admin);
    const before = await storeCounts(t);
    expectProblem(await t.http.post(`/api/admin/loans/${closedOrNew.id}/assign`).set(bearer(admin)).send({ staffId: collectorId }), 409);
    expectProblem(
      await t.http.post(`/api/admin/loans/${closedOrNew.id}/contacts`).set(bearer(admin)).send({ channel: 'call', outcome: 'no-answer' }),
      409,
    );
    expectProblem(await t.http.post(`/api/admin/loans/${randomUUID()}/assign`).set(bearer(admin)).send({ staffId: collectorId }), 404);
    expectFieldProblem(
      await t.http
        .post('/api/admin/collections/assign')
        .set(bearer(admin))
        .send({ loanIds: [alice.id, closedOrNew.id], staffId: collectorId }),
      ['loanIds.1'],
    );
    expect(await storeCounts(t)).toEqual(before);
  });

  it('the wrong role is 403: no collections.view for the credit officer, no collections.manage for the collector', async () => {
    const before = await storeCounts(t);
    expectProblem(await list({ bucket: 'Overdue' }, {}, officer), 403, 'missing-permission');
    expectProblem(await t.http.get('/api/admin/collection-buckets').set(bearer(officer)), 403, 'missing-permission');
    expectProblem(
      await t.http.post(`/api/admin/loans/${bob.id}/assign`).set(bearer(collector)).send({ staffId: collectorId }),
      403,
      'missing-permission',
    );
    expectProblem(
      await t.http
        .post('/api/admin/collections/assign')
        .set(bearer(collector))
        .send({ loanIds: [bob.id], staffId: collectorId }),
      403,
      'missing-permission',
    );
    expectProblem(
      await t.http.post(`/api/admin/loans/${alice.id}/contacts`).set(bearer(officer)).send({ channel: 'call', outcome: 'no-answer' }),
      403,
      'missing-permission',
    );
    expect(await storeCounts(t)).toEqual(before);
    await list({ bucket: 'Overdue' }, {}, collector).expect(200);
  });

  it('assignments and contacts asked with the staff cookie alone from another site are refused', async () => {
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const before = await storeCounts(t);
    const crossSite = (path: string, body: object) =>
      t.http.post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    expectProblem(await crossSite(`/api/admin/loans/${bob.id}/assign`, { staffId: collectorId }), 403, 'csrf-refused');
    expectProblem(await crossSite('/api/admin/collections/assign', { loanIds: [bob.id], staffId: collectorId }), 403, 'csrf-refused');
    expectProblem(await crossSite(`/api/admin/loans/${bob.id}/contacts`, { channel: 'call', outcome: 'no-answer' }), 403, 'csrf-refused');
    expect(await storeCounts(t)).toEqual(before);
  });
});

it('the collection read models replay exactly', async () => {
  const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
  expect(report.tables).toEqual(expect.arrayContaining(['collection_loans', 'collection_contacts']));
  expect(report.differences).toEqual([]);
});
