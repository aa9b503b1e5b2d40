import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loanBookPosition, type LoanBookEvent, type LoanBookTerms } from '../../lending/public/loan-books.js';
import { LOAN_BOOK_ACCOUNTS } from './chart.js';
import { journalFor, type JournalEntry } from './journal.js';
import { BOOK_LOAN_TERMS } from './accounting-spec.helper.js';

const EMI_TERMS: LoanBookTerms = BOOK_LOAN_TERMS;
const RBI_PREPAY_TERMS: LoanBookTerms = {
  ...EMI_TERMS,
  strategy: 'rbi-india',
  advancePayment: 'prepayPrincipal',
  prepaymentMode: 'reduceEmi',
  months: 6,
};
const SALARY_ADVANCE: LoanBookTerms = {
  loanType: 'salaryAdvance',
  principal: 2_000_000,
  annualRatePercent: 0,
  months: 1,
  disbursedOn: '2026-03-01',
  firstDueDate: '2026-03-20',
  fee: 100_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

function dayAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

type Action =
  | { kind: 'pay'; day: number; amount: number; reducePrincipal: boolean }
  | { kind: 'reverse'; pick: number; after: number }
  | { kind: 'penal'; day: number; amount: number }
  | { kind: 'refund'; after: number }
  | { kind: 'writeOff' | 'settle'; after: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      day: fc.integer({ min: 0, max: 420 }),
      amount: fc.integer({ min: 1, max: 3_000_000 }),
      reducePrincipal: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), after: fc.integer({ min: 0, max: 30 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('penal' as const),
      day: fc.integer({ min: 20, max: 420 }),
      amount: fc.integer({ min: 1, max: 100_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), after: fc.integer({ min: 0, max: 10 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('writeOff' as const, 'settle' as const), after: fc.integer({ min: 0, max: 60 }) }),
  },
);

/**
 * A loan's money events as lending would append them: payments early, on time, late and back-dated (any value date
 * after the payout, in any log order), reversals of earlier payments on a later date, penal charges, refunds of
 * the credit balance held, at most one settlement or write-off, and payments after it (recoveries).
 */
function historyOf(terms: LoanBookTerms, actions: Action[]): LoanBookEvent[] {
  const events: LoanBookEvent[] = [];
  let latest = terms.disbursedOn;
  let closedOut = false;
  const reversed = new Set<string>();
  actions.forEach((a, n) => {
    let event: LoanBookEvent | undefined;
    if (a.kind === 'pay') {
      event = {
        type: 'RepaymentApplied',
        paymentId: `p${n}`,
        valueDate: dayAfter(terms.disbursedOn, a.day),
        amount: a.amount,
        ...(a.reducePrincipal && { reducePrincipal: true }),
      };
    } else if (a.kind === 'reverse') {
      // Any payment, one made on or after a settlement's date too (held as credit balance, taken back by its reversal).
      const payments = events.filter((e) => e.type === 'RepaymentApplied' && !reversed.has(e.paymentId));
      const payment = payments[a.pick % Math.max(1, payments.length)];
      if (payment?.type === 'RepaymentApplied') {
        reversed.add(payment.paymentId);
        event = { type: 'RepaymentReversed', paymentId: payment.paymentId, valueDate: dayAfter(latest, a.after) };
      }
    } else if (a.kind === 'penal') {
      if (!closedOut)
        event = {
          type: 'ChargeApplied',
          chargeId: `c${n}`,
          instalmentNumber: 1 + (n % terms.months),
          kind: 'penalty',
          amount: a.amount,
          valueDate: dayAfter(terms.disbursedOn, a.day),
        };
    } else if (a.kind === 'refund') {
      const date = dayAfter(latest, a.after);
      const held = loanBookPosition(terms, events, '9999-12-31').creditBalance;
      if (held > 0) event = { type: 'CreditBalanceRefunded', refundId: `r${n}`, amount: held, valueDate: date };
    } else if (!closedOut) {
      closedOut = true;
      event = {
        type: 'ClosedOut',
        id: a.kind === 'writeOff' ? 'write-off' : `offer-${n}`,
        kind: a.kind === 'writeOff' ? 'writeOff' : 'settlement',
        valueDate: dayAfter(latest, a.after),
      };
    }
    if (event) {
      events.push(event);
      if (event.valueDate > latest) latest = event.valueDate;
    }
  });
  return events;
}

/** The loan's journal as the projection writes it: the disbursal, then each event in log order. */
function journalOf(terms: LoanBookTerms, events: LoanBookEvent[]): JournalEntry[] {
  const entries = journalFor({ position: 0, type: 'LoanDisbursed' }, { loanId: 'l', terms, before: [] });
  events.forEach((event, n) =>
    entries.push(...journalFor({ position: n + 1, type: event.type }, { loanId: 'l', terms, before: events.slice(0, n), event })),
  );
  return entries;
}

function balanceOn(entries: JournalEntry[], account: string, date: string): number {
  return entries
    .filter((e) => e.valueDate <= date)
    .flatMap((e) => e.lines)
    .filter((l) => l.account === account)
    .reduce((sum, l) => sum + l.debit - l.credit, 0);
}

describe('journalFor over random loan histories', () => {
  it('every entry balances, nothing goes to suspense, and the receivables reconcile to the loan on every date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(EMI_TERMS, RBI_PREPAY_TERMS, SALARY_ADVANCE),
        fc.array(action, { minLength: 1, maxLength: 10 }),
        (terms, actions) => {
          const events = historyOf(terms, actions);
          const entries = journalOf(terms, events);
          for (const entry of entries) {
            const debits = entry.lines.reduce((s, l) => s + l.debit, 0);
            expect(entry.lines.reduce((s, l) => s + l.credit, 0)).toBe(debits);
            expect(entry.lines.every((l) => l.account !== LOAN_BOOK_ACCOUNTS.suspense)).toBe(true);
          }
          const dates = [...new Set([terms.disbursedOn, ...events.map((e) => e.valueDate)])].sort();
          for (const date of [dayAfter(terms.disbursedOn, -1), ...dates, ...dates.map((d) => dayAfter(d, 1))]) {
            const loan = loanBookPosition(terms, events, date);
            expect(balanceOn(entries, LOAN_BOOK_ACCOUNTS.loansReceivable, date)).toBe(loan.owed.principal);
            expect(balanceOn(entries, LOAN_BOOK_ACCOUNTS.feesReceivable, date)).toBe(loan.owed.fees);
            expect(balanceOn(entries, LOAN_BOOK_ACCOUNTS.penaltiesReceivable, date)).toBe(loan.owed.penalties);
            expect(balanceOn(entries, LOAN_BOOK_ACCOUNTS.creditBalances, date) + loan.creditBalance).toBe(0);
            expect(balanceOn(entries, LOAN_BOOK_ACCOUNTS.bank, date)).toBe(loan.received - loan.refunded - loan.disbursed);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
