import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { journalEntrySchema, reconciliationSchema, trialBalanceSchema } from '../../src/accounting/http/accounting.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, type LoanHandle } from '../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 31, the books over HTTP on a real database: loans paid out on 2026-11-21 (loanIn), a payment, a reversal, a
 * write-off and a recovery; the journal each event posts, a trial balance that balances, the reconciliation of loans
 * receivable with lending's principal outstanding, the CSV exports; accounting.view required; a replay equals live.
 */
let t: TestApp;
let admin: string;
let checker: string;
let viewer: string;
let accountant: string;
let paid: LoanHandle;
let writtenOff: LoanHandle;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const journalOf = async (loanId: string) =>
  (await t.http.get(`/api/admin/loans/${loanId}/journal`).set(bearer(accountant)).expect(200)).body.map((e: unknown) =>
    journalEntrySchema.parse(e),
  );
const signed = (entry: { lines: { account: string; debit: number; credit: number }[] }) =>
  Object.fromEntries(entry.lines.map((l) => [l.account, l.debit - l.credit]));
const outstandingPrincipal = async (loanId: string) =>
  (await t.http.get(`/api/admin/loans/${loanId}`).set(bearer(admin)).expect(200)).body.outstanding.principal as number;

async function pay(loanId: string, amount: number, paidOn: string): Promise<string> {
  const recorded = await t.http
    .post(`/api/admin/loans/${loanId}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
  return recorded.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp('accounting', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  accountant = await staffWithRole(t.http, admin, 'accountant');
  const alice = await registerBorrower(t.http, 'Alice Ledger');
  await setBusinessDate('2026-12-21');
  paid = await loanIn(t.http, 'active', alice.token, admin);
  writtenOff = await loanIn(t.http, 'active', alice.token, admin);
  // Paid: one payment stands, another is reversed on a later date.
  await pay(paid.id, 500_000, '2026-12-21');
  const bounced = await pay(paid.id, 200_000, '2026-12-21');
  await setBusinessDate('2026-12-23');
  await t.http.post(`/api/admin/payments/${bounced}/reverse`).set(bearer(admin)).send({ reason: 'cheque bounced' }).expect(200);
  await t.http.post(`/api/admin/payments/${bounced}/reverse/approve`).set(bearer(checker)).expect(200);
  // Written off, then a recovery.
  await t.http.post(`/api/admin/loans/${writtenOff.id}/write-off`).set(bearer(checker)).send({ reason: 'unreachable' }).expect(201);
  await t.http.post(`/api/admin/loans/${writtenOff.id}/write-off/approve`).set(bearer(admin)).expect(200);
  await pay(writtenOff.id, 150_000, '2026-12-23');
});

afterAll(async () => {
  await t?.close();
});

describe("a loan's journal", () => {
  it('posts the disbursal, the payment split by its allocation, and the reversal mirrored on its own date', async () => {
    const journal = await journalOf(paid.id);
    expect(journal.map((e: { eventType: string; valueDate: string }) => [e.eventType, e.valueDate])).toEqual([
      ['LoanDisbursed', '2026-11-21'],
      ['RepaymentApplied', '2026-12-21'],
      ['RepaymentApplied', '2026-12-21'],
      ['RepaymentReversed', '2026-12-23'],
    ]);
    for (const entry of journal) {
      expect(entry.lines.reduce((s: number, l: { debit: number }) => s + l.debit, 0)).toBe(entry.amount);
      expect(entry.lines.reduce((s: number, l: { credit: number }) => s + l.credit, 0)).toBe(entry.amount);
    }
    expect(signed(journal[0])).toMatchObject({ '1010': -10_000_000, '1100': 10_000_000 });
    expect(signed(journal[1])['1010']).toBe(500_000);
    const bounced = signed(journal[2]);
    const reversal = signed(journal[3]);
    expect(Object.fromEntries(Object.entries(reversal).map(([a, v]) => [a, -v]))).toEqual(bounced);
  });

  it('moves a write-off to bad debts and books money after it as a recovery', async () => {
    const journal = await journalOf(writtenOff.id);
    expect(journal.map((e: { eventType: string }) => e.eventType)).toEqual(['LoanDisbursed', 'LoanWrittenOff', 'RepaymentApplied']);
    expect(signed(journal[1])['1100']).toBe(-10_000_000);
    expect(signed(journal[1])['5100']).toBeGreaterThanOrEqual(10_000_000);
    expect(signed(journal[2])).toEqual({ '1010': 150_000, '4400': -150_000 });
  });
});

describe('the reports', () => {
  it('a trial balance balances, and loans receivable reconciles to the principal lending says is outstanding', async () => {
    const balance = trialBalanceSchema.parse(
      (await t.http.get('/api/admin/accounting/trial-balance').query({ asOf: '2026-12-31' }).set(bearer(accountant)).expect(200)).body,
    );
    expect(balance.totals.debit).toBe(balance.totals.credit);
    const receivable = balance.accounts.find((a) => a.code === '1100')!;
    expect(receivable.debit).toBe((await outstandingPrincipal(paid.id)) + (await outstandingPrincipal(writtenOff.id)));
    const reconciliation = reconciliationSchema.parse(
      (await t.http.get('/api/admin/accounting/reconciliation').query({ asOf: '2026-12-31' }).set(bearer(accountant)).expect(200)).body,
    );
    expect(reconciliation).toMatchObject({
      loansReceivable: receivable.debit,
      outstandingPrincipal: receivable.debit,
      difference: 0,
      loans: 2,
      mismatches: [],
    });
    // Before the payout nothing was owed; on 22 Dec the reversed payment still counted.
    const before = (
      await t.http.get('/api/admin/accounting/trial-balance').query({ asOf: '2026-11-20' }).set(bearer(accountant)).expect(200)
    ).body;
    expect(before.totals).toEqual({ debit: 0, credit: 0 });
    const onTheDay = (
      await t.http.get('/api/admin/accounting/reconciliation').query({ asOf: '2026-12-22' }).set(bearer(accountant)).expect(200)
    ).body;
    expect(onTheDay.difference).toBe(0);
  });

  it('lists journal entries filtered by account, loan and date, with Content-Range', async () => {
    const res = await t.http
      .get('/api/admin/accounting/journal-entries')
      .query({ filter: JSON.stringify({ accountCode: '4400' }), range: '[0,9]' })
      .set(bearer(accountant))
      .expect(200);
    expect(res.headers['content-range']).toBe('journal-entries 0-0/1');
    expect(res.body[0]).toMatchObject({ loanId: writtenOff.id, eventType: 'RepaymentApplied' });
    const byLoan = await t.http
      .get('/api/admin/accounting/journal-entries')
      .query({ filter: JSON.stringify({ loanId: paid.id, from: '2026-12-22' }) })
      .set(bearer(accountant))
      .expect(200);
    expect(byLoan.body.map((e: { eventType: string }) => e.eventType)).toEqual(['RepaymentReversed']);
    expectFieldProblem(
      await t.http
        .get('/api/admin/accounting/journal-entries')
        .query({ filter: JSON.stringify({ from: 'yesterday' }) })
        .set(bearer(accountant)),
      ['from'],
    );
    expectFieldProblem(await t.http.get('/api/admin/accounting/trial-balance').set(bearer(accountant)), ['asOf']);
  });

  it("an account's statement runs from its opening balance to its closing one", async () => {
    const res = await t.http
      .get('/api/admin/accounting/accounts/1010/statement')
      .query({ from: '2026-12-01' })
      .set(bearer(accountant))
      .expect(200);
    expect(res.body.opening).toBe(-20_000_000);
    expect(res.body.lines.at(-1).balance).toBe(res.body.closing);
    expect(res.body.closing).toBe(-20_000_000 + 500_000 + 150_000);
    expectProblem(await t.http.get('/api/admin/accounting/accounts/9999/statement').set(bearer(accountant)), 404);
  });

  it('exports the trial balance and the journal as CSV', async () => {
    const tb = await t.http
      .get('/api/admin/accounting/trial-balance.csv')
      .query({ asOf: '2026-12-31' })
      .set(bearer(accountant))
      .expect(200);
    expect(tb.headers['content-type']).toMatch(/^text\/csv/);
    const rows = tb.text.trim().split('\r\n');
    expect(rows[1]).toBe('code,name,type,debit,credit');
    const total = rows.at(-1)!.split(',');
    expect(total[1]).toBe('Total');
    expect(total[3]).toBe(total[4]);
    expect(rows).toContain(
      '1100,Loans receivable (principal),asset,' + `${(await outstandingPrincipal(paid.id)) / 100}`.replace(/^(\d+)$/, '$1.00') + ',0.00',
    );
    const journal = await t.http.get('/api/admin/accounting/journal-entries.csv').set(bearer(accountant)).expect(200);
    expect(journal.text.split('\r\n')[0]).toBe('entry,value date,loan,event,kind,account,account name,debit,credit');
    expect(journal.text).toContain(',LoanDisbursed,event,1010,Bank: fund source,0.00,100000.00');
  });

  it('the chart of accounts lists the seeded NBFC default', async () => {
    const res = await t.http.get('/api/admin/accounting/accounts').set(bearer(accountant)).expect(200);
    expect(res.headers['content-range']).toMatch(/^accounts 0-\d+\/\d+$/);
    expect(res.body.map((a: { code: string }) => a.code)).toEqual(
      expect.arrayContaining(['1010', '1100', '1110', '1120', '1130', '2100', '4100', '4200', '4300', '4400', '5100', '5300']),
    );
  });
});

describe('security', () => {
  it('refuses staff without accounting.view, the unauthenticated, and gives a cross-site page nothing to read', async () => {
    for (const path of ['/api/admin/accounting/accounts', `/api/admin/loans/${paid.id}/journal`, '/api/admin/accounting/journal-entries']) {
      expectProblem(await t.http.get(path).set(bearer(viewer)), 403, 'missing-permission');
      expectProblem(await t.http.get(path), 401, 'unauthenticated');
    }
    expectProblem(
      await t.http.get('/api/admin/accounting/trial-balance').query({ asOf: '2026-12-31' }).set(bearer(viewer)),
      403,
      'missing-permission',
    );
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const res = await t.http
      .get('/api/admin/accounting/trial-balance')
      .query({ asOf: '2026-12-31' })
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('replay', () => {
  it('the books rebuilt from the log equal the live ones', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['journal_entries', 'journal_lines', 'account_days', 'accounting_loans']));
    expect(report.differences).toEqual([]);
  });
});
