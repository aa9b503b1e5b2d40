import { describe, expect, it } from '@jest/globals';
import type { LoanBookEvent, LoanBookTerms } from '../../lending/public/loan-books.js';
import { journalForClosedDay, type ClosedDay } from './journal.js';
import { loanClosedDayEntries, loanDayState, type LoanHistory } from './loan-days.js';
import type { ProvisionRates } from './provisions.js';
import { BOOK_LOAN_TERMS, RBI_PROVISION_RATES } from './accounting-spec.helper.js';

// The loan of journal.spec.ts: 1,00,000.00 at 12 % for 12 months paid out 15 Jan 2026, fee 2,000.00; instalment 1
// (15 Feb) earns 1,000.00 interest over 31 days.
const TERMS: LoanBookTerms = BOOK_LOAN_TERMS;
const RATES: ProvisionRates = RBI_PROVISION_RATES;
const day = (date: string, position: number): ClosedDay => ({ date, position, provisionRates: RATES });
const paid = (paymentId: string, valueDate: string, amount: number): LoanBookEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
});

describe('a loan’s day state (what a closed day reads of it, as plain columns)', () => {
  it('given the loan paid out and 16 Jan closed, then its principal, the standard provision, no advance and its twelve periods', () => {
    const state = loanDayState(TERMS, 'accrual', [], [], day('2026-01-16', 10));
    expect(state).toMatchObject({
      disbursedOn: '2026-01-15',
      principal: 10_000_000,
      advance: 0,
      provision: 40_000,
      npaSince: null,
      closedOn: null,
      lastKnown: '2026-01-15',
    });
    expect(state.periods).toHaveLength(12);
    expect(state.periods[0]).toEqual({ from: '2026-01-15', to: '2026-02-15', interest: 100_000 });
  });

  it('given the fee and 300.00 of interest paid on 20 Jan with 20 Jan closed, then what has not accrued is held in advance', () => {
    const state = loanDayState(TERMS, 'accrual', [paid('p1', '2026-01-20', 230_000)], [], day('2026-01-20', 10));
    // Five days of 1,000.00 over 31 have accrued: 161.29; of the 300.00 received, 138.71 waits.
    expect(state.advance).toBe(30_000 - 16_129);
    expect(state.lastKnown).toBe('2026-01-20');
  });

  it('given a classification to NPA, then the loan is an NPA since then and holds no advance; under cash or none, no periods', () => {
    const npa = loanDayState(
      TERMS,
      'accrual',
      [paid('p1', '2026-01-20', 230_000)],
      [{ date: '2026-04-20', to: 'NPA' }],
      day('2026-04-20', 10),
    );
    expect(npa).toMatchObject({ npaSince: '2026-04-20', advance: 0, lastKnown: '2026-04-20', provision: 1_500_000 });
    expect(loanDayState(TERMS, 'cash', [], [], day('2026-01-16', 10)).periods).toEqual([]);
    expect(loanDayState(TERMS, 'none', [], [], day('2026-01-16', 10))).toMatchObject({ provision: 0, periods: [] });
  });
});

describe('a loan’s share of the book’s closed days', () => {
  const days = [day('2026-01-14', 5), day('2026-01-15', 8), day('2026-01-16', 12), day('2026-01-17', 15), day('2026-01-18', 20)];
  const loan: LoanHistory = {
    loanId: 'loan-1',
    terms: TERMS,
    rule: 'accrual',
    events: [paid('p1', '2026-01-16', 230_000)],
    classes: [],
    // Paid out after 14 Jan closed; the payment dated 16 Jan recorded after 17 Jan closed.
    eventDays: [5, 15],
    classDays: [],
  };

  it('given a payment recorded after two days closed, then those days are as posted without it, the next one with it', () => {
    const entries = loanClosedDayEntries(loan, days, (e) => e);
    expect(entries.map((e) => e.valueDate)).toEqual(['2026-01-15', '2026-01-16', '2026-01-17', '2026-01-18']);
    const without = { events: [], classes: [] };
    expect(entries.filter((e) => e.eventPosition === 15)).toEqual(
      journalForClosedDay({ loanId: 'loan-1', terms: TERMS, rule: 'accrual', known: { ...without, closedDay: days[2]! } }, days[3]!),
    );
    expect(entries.filter((e) => e.eventPosition === 20)).toEqual(
      journalForClosedDay(
        { loanId: 'loan-1', terms: TERMS, rule: 'accrual', known: { ...without, events: loan.events, closedDay: days[3]! } },
        days[4]!,
      ),
    );
  });

  it('given the rule none, then no share', () => {
    expect(loanClosedDayEntries({ ...loan, rule: 'none' }, days, (e) => e)).toEqual([]);
  });
});
