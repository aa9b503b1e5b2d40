import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { journalEntrySchema, reconciliationSchema, trialBalanceSchema } from '../../src/accounting/http/accounting.schemas.js';
import { productSchema } from '../../src/lending/products/http/product.schemas.js';
import { bearer, expectFieldProblem, loanIn, type LoanHandle } from '../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 31, accrual and IRAC on a real database: a loan under the default rule (accrual) paid out on 2026-11-21
 * (loanIn), part of instalment 1 paid early (interest received in advance), close of business day by day accruing and
 * releasing it, then nothing paid until the loan is an NPA (90+ days past due): the accrual reversed, the provision up
 * from 0.40 % to 15 %; a loan of a product under the rule none posts nothing and the reconciliation leaves it out;
 * the trial balance balances and a replay (two partitions) equals live.
 */
let t: TestApp;
let admin: string;
let checker: string;
let accountant: string;
let accrued: LoanHandle;
let unbooked: LoanHandle;
/** What the early payment paid of interest. */
let interestReceived = 0;

type Entry = ReturnType<typeof journalEntrySchema.parse>;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const closeBusinessDay = () => t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
const journalOf = async (loanId: string): Promise<Entry[]> =>
  (await t.http.get(`/api/admin/loans/${loanId}/journal`).set(bearer(accountant)).expect(200)).body.map((e: unknown) =>
    journalEntrySchema.parse(e),
  );
/** The loan's balance (debit positive) in an account through a date, from its journal. */
const balance = (journal: Entry[], account: string, through = '9999-12-31') =>
  journal
    .filter((e) => e.valueDate <= through)
    .flatMap((e) => e.lines)
    .filter((l) => l.account === account)
    .reduce((sum, l) => sum + l.debit - l.credit, 0);

async function pay(loanId: string, amount: number, paidOn: string): Promise<void> {
  const recorded = await t.http
    .post(`/api/admin/loans/${loanId}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
}

beforeAll(async () => {
  t = await startTestApp('accrual', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  accountant = await staffWithRole(t.http, admin, 'accountant');
  const product = productSchema.parse(
    (
      await t.http
        .post('/api/admin/products')
        .set(bearer(admin))
        .send({
          code: 'off-books',
          name: 'Off the books',
          type: 'EMI',
          minAmount: 2_000_000,
          maxAmount: 30_000_000,
          minTenureMonths: 6,
          maxTenureMonths: 24,
          annualRatePercent: 12,
          processingFeePercent: 1,
          accountingRule: 'none',
        })
        .expect(201)
    ).body,
  );
  expect(product.accountingRule).toBe('none');
  const alice = await registerBorrower(t.http, 'Alice Accrual');
  await setBusinessDate('2026-11-21');
  accrued = await loanIn(t.http, 'active', alice.token, admin);
  unbooked = await loanIn(t.http, 'active', alice.token, admin, {
    type: 'EMI',
    amount: 5_000_000,
    tenureMonths: 12,
    productId: product.id,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a product version picks its rule', () => {
  it('refuses a rule that is not none, cash or accrual, and a new product defaults to accrual', async () => {
    const res = await t.http
      .post('/api/admin/products')
      .set(bearer(admin))
      .send({ code: 'bad-rule', name: 'Bad', type: 'EMI', minAmount: 1, maxAmount: 2, processingFeePercent: 0, accountingRule: 'monthly' });
    expectFieldProblem(res, ['accountingRule']);
    const list = await t.http.get('/api/admin/products').query({ filter: '{"q":"bad-rule"}' }).set(bearer(admin)).expect(200);
    expect(list.body).toEqual([]);
  });
});

describe('accrual by close of business', () => {
  it('posts each day’s interest, holds interest received early as received in advance and releases it as it accrues', async () => {
    const loan = (await t.http.get(`/api/admin/loans/${accrued.id}`).set(bearer(admin)).expect(200)).body;
    const first = loan.schedule[0] as { dueDate: string; interest: number; principal: number };
    expect(first.dueDate).toBe('2026-12-21');
    await setBusinessDate('2026-11-22');
    await closeBusinessDay();
    let journal = await journalOf(accrued.id);
    const day1 = journal.filter((e) => e.kind === 'close-of-business');
    expect(day1.map((e) => e.valueDate)).toEqual(['2026-11-22']);
    expect(balance(journal, '1110')).toBe(Math.floor(first.interest / 30));
    expect(balance(journal, '2200')).toBe(-Math.floor((10_000_000 * 40 + 5_000) / 10_000)); // 0.40 % of 1,00,000.00

    // Paid early on 25 Nov (the fee first, then interest): the interest is more than has accrued (three days), so all
    // but those days waits in 2110.
    await setBusinessDate('2026-11-25');
    await pay(accrued.id, first.interest + 100_000, '2026-11-25');
    journal = await journalOf(accrued.id);
    const payment = journal.find((e) => e.eventType === 'RepaymentApplied')!;
    const line = (account: string) => payment.lines.find((l) => l.account === account)?.credit ?? 0;
    interestReceived = line('1110') + line('2110');
    expect(line('1110')).toBe(Math.floor(first.interest / 30));
    expect(interestReceived).toBeGreaterThan(line('1110'));
    expect(balance(journal, '1110')).toBe(0);
    expect(balance(journal, '2110')).toBe(-(interestReceived - Math.floor(first.interest / 30)));

    // Through the due date, day by day (the days missed are caught up): all of it accrued, the advance released.
    await setBusinessDate('2026-12-21');
    await closeBusinessDay();
    journal = await journalOf(accrued.id);
    const days = journal.filter((e) => e.kind === 'close-of-business').map((e) => e.valueDate);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-12-21');
    expect(balance(journal, '2110')).toBe(0);
    expect(balance(journal, '4100')).toBe(-first.interest);
  });

  it('reverses the interest accrued and not received when the loan becomes an NPA, then provides 15 %', async () => {
    await setBusinessDate('2027-03-25');
    await closeBusinessDay();
    const loan = (await t.http.get(`/api/admin/loans/${accrued.id}`).set(bearer(admin)).expect(200)).body;
    expect(loan.classification).toBe('NPA');
    const journal = await journalOf(accrued.id);
    // Instalments 1 to 3 accrued day by day up to the NPA (21 Mar); then what accrued and was not received is reversed
    // and interest is income only when received.
    expect(-balance(journal, '4100', '2027-03-20')).toBeGreaterThan(-balance(journal, '4100', '2026-12-21'));
    expect(balance(journal, '1110', '2027-03-20')).toBeGreaterThan(0);
    expect(balance(journal, '1110')).toBe(0);
    expect(-balance(journal, '4100')).toBe(interestReceived);
    const principal = balance(journal, '1100');
    expect(balance(journal, '2200')).toBe(-Math.floor((principal * 1_500 + 5_000) / 10_000));
    expect(balance(journal, '5300')).toBe(-balance(journal, '2200'));
  });
});

describe('the rule none', () => {
  it('posts nothing for the loan, and the reconciliation leaves it out', async () => {
    expect(await journalOf(unbooked.id)).toEqual([]);
    const reconciliation = reconciliationSchema.parse(
      (await t.http.get('/api/admin/accounting/reconciliation').query({ asOf: '2027-03-25' }).set(bearer(accountant)).expect(200)).body,
    );
    expect(reconciliation).toMatchObject({ difference: 0, loans: 1, mismatches: [] });
    const trial = trialBalanceSchema.parse(
      (await t.http.get('/api/admin/accounting/trial-balance').query({ asOf: '2027-03-25' }).set(bearer(accountant)).expect(200)).body,
    );
    expect(trial.totals.debit).toBe(trial.totals.credit);
    const advance = trial.accounts.find((a) => a.code === '2110');
    expect((advance?.debit ?? 0) + (advance?.credit ?? 0)).toBe(0);
  });
});

describe('replay', () => {
  it('the books rebuilt from the log (two partitions) equal the live ones', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.differences).toEqual([]);
  });
});
