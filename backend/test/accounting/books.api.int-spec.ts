import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { journalEntrySchema, manualEntrySchema, trialBalanceSchema } from '../../src/accounting/http/accounting.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, type LoanHandle } from '../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 31 items 3 and 4 over HTTP on a real database: manual journal entries proposed by one accountant and approved
 * or rejected by another (the refusals name their field; nothing is posted), a month closed the same way, a manual
 * entry in it refused and a back-dated payment posted on the first open day; permissions; a replay equals live.
 */
let t: TestApp;
let admin: string;
let checker: string;
let viewer: string;
let maker: string;
let second: string;
let loan: LoanHandle;

const ENTRIES = '/api/admin/accounting/manual-entries';
const CLOSES = '/api/admin/accounting/period-closes';
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const CAPITAL = {
  date: '2026-12-01',
  narration: 'Share capital paid in',
  lines: [
    { accountCode: '1010', debit: 50_000_000 },
    { accountCode: '3100', credit: 50_000_000 },
  ],
};
const propose = (body: unknown, token = maker) =>
  t.http
    .post(ENTRIES)
    .set(bearer(token))
    .send(body as object);
const entriesOn = async (accountCode: string) =>
  (
    await t.http
      .get('/api/admin/accounting/journal-entries')
      .query({ filter: JSON.stringify({ accountCode }) })
      .set(bearer(maker))
      .expect(200)
  ).body.map((e: unknown) => journalEntrySchema.parse(e));
const trialBalance = async (asOf: string) =>
  trialBalanceSchema.parse((await t.http.get('/api/admin/accounting/trial-balance').query({ asOf }).set(bearer(maker)).expect(200)).body);

beforeAll(async () => {
  t = await startTestApp('accounting-books', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  maker = await staffWithRole(t.http, admin, 'accountant');
  second = await staffWithRole(t.http, admin, 'accountant');
  const alice = await registerBorrower(t.http, 'Alice Books');
  await setBusinessDate('2026-12-21');
  loan = await loanIn(t.http, 'active', alice.token, admin);
});

afterAll(async () => {
  await t?.close();
});

describe('manual journal entries, maker-checker', () => {
  it('a proposal posts nothing; its maker may not approve it; a second accountant approves and it is in the books', async () => {
    const proposed = manualEntrySchema.parse((await propose(CAPITAL).expect(201)).body);
    expect(proposed).toMatchObject({ status: 'proposed', amount: 50_000_000, date: '2026-12-01', decidedBy: null });
    expect(await entriesOn('3100')).toEqual([]);
    expectProblem(await t.http.post(`${ENTRIES}/${proposed.id}/approve`).set(bearer(maker)), 403, 'same-person');
    const approved = (await t.http.post(`${ENTRIES}/${proposed.id}/approve`).set(bearer(second)).expect(200)).body;
    expect(approved).toMatchObject({ status: 'approved', decidedBy: expect.any(String) });
    const [posted] = await entriesOn('3100');
    expect(posted).toMatchObject({
      loanId: null,
      kind: 'manual',
      valueDate: '2026-12-01',
      narration: 'Share capital paid in',
      amount: 50_000_000,
    });
    expect(posted.lines.map((l: { account: string; debit: number; credit: number }) => [l.account, l.debit, l.credit])).toEqual([
      ['1010', 50_000_000, 0],
      ['3100', 0, 50_000_000],
    ]);
    const balance = await trialBalance('2026-12-31');
    expect(balance.totals.debit).toBe(balance.totals.credit);
    expect(balance.accounts.find((a) => a.code === '3100')).toMatchObject({ credit: 50_000_000 });
    expectProblem(await t.http.post(`${ENTRIES}/${proposed.id}/approve`).set(bearer(second)), 409);
  });

  it('refuses, naming the field, an entry that does not balance, has one line, a zero, negative or fractional amount, an unknown, inactive or heading account', async () => {
    const before = (await t.http.get(ENTRIES).set(bearer(maker)).expect(200)).headers['content-range'];
    const [cash, capital] = CAPITAL.lines;
    expectFieldProblem(await propose({ ...CAPITAL, lines: [cash, { ...capital, credit: 40_000_000 }] }), ['lines']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [cash] }), ['lines']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [cash, { ...capital, accountCode: '9999' }] }), ['lines[1].accountCode']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [{ accountCode: '1010', debit: 0 }, capital] }), ['lines[0]']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [{ accountCode: '1010', debit: -5 }, capital] }), ['lines[0].debit']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [{ accountCode: '1010', debit: 1.5 }, capital] }), ['lines[0].debit']);
    expectFieldProblem(await propose({ ...CAPITAL, lines: [{ ...cash, accountCode: '1000' }, capital] }), ['lines[0].accountCode']);
    await t.runtime.db.updateTable('accounts').set({ active: false }).where('code', '=', '2200').execute();
    try {
      expectFieldProblem(await propose({ ...CAPITAL, lines: [cash, { ...capital, accountCode: '2200' }] }), ['lines[1].accountCode']);
    } finally {
      await t.runtime.db.updateTable('accounts').set({ active: true }).where('code', '=', '2200').execute();
    }
    expectFieldProblem(await propose({ ...CAPITAL, date: '1 Dec' }), ['date']);
    expect((await t.http.get(ENTRIES).set(bearer(maker)).expect(200)).headers['content-range']).toBe(before);
  });

  it('a second accountant rejects a proposal with a reason: nothing is posted, and it cannot be approved after', async () => {
    const { id } = (await propose({ ...CAPITAL, narration: 'Typo' }).expect(201)).body;
    expectProblem(await t.http.post(`${ENTRIES}/${id}/reject`).set(bearer(maker)).send({ reason: 'mine' }), 403, 'same-person');
    const rejected = (await t.http.post(`${ENTRIES}/${id}/reject`).set(bearer(second)).send({ reason: 'duplicate' }).expect(200)).body;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'duplicate' });
    expectProblem(await t.http.post(`${ENTRIES}/${id}/approve`).set(bearer(second)), 409);
    expect(await entriesOn('3100')).toHaveLength(1);
    const listed = await t.http
      .get(ENTRIES)
      .query({ filter: JSON.stringify({ status: 'rejected' }) })
      .set(bearer(maker))
      .expect(200);
    expect(listed.headers['content-range']).toBe('manual-entries 0-0/1');
    expect(listed.body[0].id).toBe(id);
  });
});

describe('period close, maker-checker', () => {
  it('closes November; an entry dated in it is refused on `date`; a payment dated in it posts on 1 December', async () => {
    const tbNovember = await trialBalance('2026-11-30');
    expectFieldProblem(await t.http.post(CLOSES).set(bearer(maker)).send({ month: '2026-12' }), ['month']);
    const requested = (await t.http.post(CLOSES).set(bearer(maker)).send({ month: '2026-11' }).expect(201)).body;
    expect(requested).toMatchObject({ through: '2026-11-30', status: 'requested' });
    expectProblem(await t.http.post(CLOSES).set(bearer(second)).send({ month: '2026-11' }), 409);
    expectProblem(await t.http.post(`${CLOSES}/${requested.id}/approve`).set(bearer(maker)), 403, 'same-person');
    expect((await t.http.post(`${CLOSES}/${requested.id}/approve`).set(bearer(second)).expect(200)).body.status).toBe('closed');
    expect((await t.http.get('/api/admin/accounting/periods').set(bearer(maker)).expect(200)).body).toEqual({
      closedThrough: '2026-11-30',
      pending: null,
    });
    expectFieldProblem(await propose({ ...CAPITAL, date: '2026-11-15' }), ['date']);
    expectFieldProblem(await t.http.post(CLOSES).set(bearer(maker)).send({ month: '2026-10' }), ['month']);

    // A payment paid on 25 Nov, recorded now: its entry is on 1 Dec, keeping 25 Nov beside it.
    const recorded = await t.http
      .post(`/api/admin/loans/${loan.id}/payments`)
      .set(bearer(admin))
      .send({ amount: 100_000, paidOn: '2026-11-25', method: 'cash' })
      .expect(201);
    await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
    const journal = (await t.http.get(`/api/admin/loans/${loan.id}/journal`).set(bearer(maker)).expect(200)).body;
    expect(
      journal.map((e: { eventType: string; valueDate: string; originalValueDate: string | null }) => [
        e.eventType,
        e.valueDate,
        e.originalValueDate,
      ]),
    ).toEqual([
      ['LoanDisbursed', '2026-11-21', null],
      ['RepaymentApplied', '2026-12-01', '2026-11-25'],
    ]);
    expect(await trialBalance('2026-11-30')).toEqual(tbNovember);
  });

  it('a second person may reject a close request: nothing more is closed', async () => {
    await setBusinessDate('2027-01-05');
    const { id } = (await t.http.post(CLOSES).set(bearer(maker)).send({ month: '2026-12' }).expect(201)).body;
    expect(
      (await t.http.post(`${CLOSES}/${id}/reject`).set(bearer(second)).send({ reason: 'not reconciled' }).expect(200)).body,
    ).toMatchObject({
      status: 'rejected',
      reason: 'not reconciled',
    });
    expect((await t.http.get('/api/admin/accounting/periods').set(bearer(maker)).expect(200)).body.closedThrough).toBe('2026-11-30');
    const listed = await t.http.get(CLOSES).set(bearer(maker)).expect(200);
    expect(listed.headers['content-range']).toBe('period-closes 0-1/2');
  });
});

describe('security', () => {
  it('refuses staff without the permission (403) and the unauthenticated (401)', async () => {
    for (const path of [ENTRIES, CLOSES, '/api/admin/accounting/periods']) {
      expectProblem(await t.http.get(path).set(bearer(viewer)), 403, 'missing-permission');
      expectProblem(await t.http.get(path), 401, 'unauthenticated');
    }
    // Operations managers see loans, not the books: they may neither propose nor close.
    expectProblem(await propose(CAPITAL, checker), 403, 'missing-permission');
    expectProblem(await t.http.post(CLOSES).set(bearer(checker)).send({ month: '2026-12' }), 403, 'missing-permission');
    expectProblem(await t.http.post(ENTRIES).send(CAPITAL), 401, 'unauthenticated');
  });
});

describe('replay', () => {
  it('the books rebuilt from the log equal the live ones: manual entries, the close, the payment moved to the open period', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(
      expect.arrayContaining(['journal_entries', 'journal_lines', 'account_days', 'manual_journal_entries', 'accounting_period_closes']),
    );
    expect(report.differences).toEqual([]);
  });
});
