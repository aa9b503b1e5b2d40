import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { settlementOfferSchema, writeOffSchema } from '../../../src/lending/settlement/http/settlement.schemas.js';
import { bearer, historyOf, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, fixedClock, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 29 item 4, time from the clock: the API runs on a clock the test fixed (startTestApp's `clock`), and every
 * decision is stamped with the time it reads, in the loan's events and in the answers, never with the machine's own
 * time. With the business date automatic, today in the business time zone (Asia/Kolkata) follows the same clock.
 */
const clock = fixedClock('2026-12-21T04:30:00.000Z');
let t: TestApp;
let admin: string;
/** Operations manager: the checker who rejects and approves. */
let checker: string;
let loan: LoanHandle;

const eventsOf = async (loanId: string, types: string[]) =>
  (
    await t.runtime.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', `loan-${loanId}`)
      .where('type', 'in', types)
      .orderBy('version')
      .execute()
  ).map((e) => ({
    type: e.type,
    at: (e.data as { at: string }).at,
  }));
const writeOff = async (loanId: string) =>
  writeOffSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/write-off`).set(bearer(admin)).expect(200)).body);

beforeAll(async () => {
  t = await startTestApp('settlement_clock', {}, undefined, { clock });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  const alice = await registerBorrower(t.http, 'Alice Clocked');
  loan = await loanIn(t.http, 'active', alice.token, admin);
});

afterAll(async () => {
  await t?.close();
});

describe('a test that fixes the clock', () => {
  it('finds the loan pipeline stamped with that time, not the time the test ran', async () => {
    const history = await historyOf(t.http, admin, loan.id);
    expect(history.map((e) => e.type)).toContain('LoanDisbursed');
    expect(new Set(history.map((e) => (e as { at?: string }).at))).toEqual(new Set(['2026-12-21T04:30:00.000Z']));
  });

  it('reads the automatic business date from it: today in Asia/Kolkata at that instant', async () => {
    clock.set('2026-12-21T20:00:00.000Z'); // already 01:30 on 22 December in India
    expect((await t.http.get('/api/admin/business-date').set(bearer(admin)).expect(200)).body).toMatchObject({
      date: '2026-12-22',
      mode: 'automatic',
    });
  });

  it('stamps a settlement offer and its rejection with the times it was told', async () => {
    clock.set('2026-12-22T05:00:00.000Z');
    const offered = settlementOfferSchema.parse(
      (
        await t.http
          .post(`/api/admin/loans/${loan.id}/settlement-offers`)
          .set(bearer(admin))
          .send({ amount: 3_000_000, validUntil: '2026-12-31', reason: 'hardship' })
          .expect(201)
      ).body,
    );
    expect(offered.offeredAt).toBe('2026-12-22T05:00:00.000Z');

    clock.set('2026-12-22T06:15:00.000Z');
    const rejected = settlementOfferSchema.parse(
      (await t.http.post(`/api/admin/settlement-offers/${offered.id}/reject`).set(bearer(checker)).send({ reason: 'Too low' }).expect(200))
        .body,
    );
    expect(rejected).toMatchObject({ status: 'rejected', offeredAt: '2026-12-22T05:00:00.000Z', closedAt: '2026-12-22T06:15:00.000Z' });
    expect(await eventsOf(loan.id, ['SettlementOffered', 'SettlementOfferRejected'])).toEqual([
      { type: 'SettlementOffered', at: '2026-12-22T05:00:00.000Z' },
      { type: 'SettlementOfferRejected', at: '2026-12-22T06:15:00.000Z' },
    ]);
  });

  it('stamps a write-off request and its approval, written off on the business date of that moment', async () => {
    clock.set('2026-12-23T09:00:00.000Z');
    await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(admin)).send({ reason: 'Borrower unreachable' }).expect(201);
    expect(await writeOff(loan.id)).toMatchObject({ status: 'requested', requestedAt: '2026-12-23T09:00:00.000Z' });

    clock.set('2026-12-23T19:00:00.000Z'); // 00:30 on 24 December in India
    await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)).expect(200);
    expect(await writeOff(loan.id)).toMatchObject({
      status: 'approved',
      requestedAt: '2026-12-23T09:00:00.000Z',
      approvedAt: '2026-12-23T19:00:00.000Z',
      on: '2026-12-24',
    });
    expect(await eventsOf(loan.id, ['WriteOffRequested', 'WriteOffApproved', 'LoanWrittenOff'])).toEqual([
      { type: 'WriteOffRequested', at: '2026-12-23T09:00:00.000Z' },
      { type: 'WriteOffApproved', at: '2026-12-23T19:00:00.000Z' },
      { type: 'LoanWrittenOff', at: '2026-12-23T19:00:00.000Z' },
    ]);
  });
});
