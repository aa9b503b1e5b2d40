import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDays } from '../../loan/domain/calendar.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { happyPath, LOAN_ID, STAFF } from '../../loan/domain/loan-history.fixture.js';
import { replay } from '../../loan/domain/loan.state.js';
import type { ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { decideCloseOfBusiness, type CollectionTerms } from './close-of-business.decide.js';
import { closeOfBusinessDayByDay } from './day-by-day.helper.js';
import { collectionTermsOf, nextCloseOfBusinessOn } from './next-close-of-business.js';

/** 30,000.00 at 12% over 6 months, paid out 28 Feb 2021; instalments due on the last day of March to August. */
const TERMS: ServicingTerms = {
  loanType: 'EMI',
  principal: 3_000_000,
  annualRatePercent: 12,
  months: 6,
  disbursedOn: '2021-02-28',
  firstDueDate: '2021-03-31',
  anchorDay: 31,
  fee: 0,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};
const NO_GRACE: CollectionTerms = { graceDays: 0, penalChargeFlat: 50_000 };
const GRACE_5: CollectionTerms = { graceDays: 5, penalChargeFlat: 50_000 };
const COB = { id: 'close-of-business', role: 'staff' } as const;

const disbursed: LoanEvent[] = [
  ...happyPath('EMI').slice(0, -1),
  {
    type: 'LoanDisbursed',
    data: {
      loanId: LOAN_ID,
      at: '2021-02-28T10:00:00.000Z',
      actor: STAFF,
      payoutReference: 'PAYOUT-1',
      disbursedOn: '2021-02-28',
      schedule: [],
      servicingTerms: TERMS,
    },
  },
];

const repaid = (paymentId: string, valueDate: string, amount: number): LoanEvent => ({
  type: 'RepaymentApplied',
  data: { loanId: LOAN_ID, at: `${valueDate}T12:00:00.000Z`, actor: STAFF, paymentId, amount, valueDate, method: 'cash' },
});

const closeThrough = (history: LoanEvent[], date: string, terms: CollectionTerms): LoanEvent[] => [
  ...history,
  ...closeOfBusinessDayByDay(replay(history), terms, { loanId: LOAN_ID, at: `${date}T18:30:00.000Z`, actor: COB, date }),
];

/** The answer by brute force: close of business walking every day in order, far ahead; its first event is on the day sought. */
function firstDayWithEvents(history: LoanEvent[], terms: CollectionTerms, through: string): string | null {
  const events = closeOfBusinessDayByDay(replay(history), terms, {
    loanId: LOAN_ID,
    at: `${through}T18:30:00.000Z`,
    actor: COB,
    date: through,
  });
  if (events.length === 0) return null;
  const data = events[0].data as { date?: string; dueDate?: string };
  return data.date ?? data.dueDate ?? null;
}

describe('the next close of business that records something for a loan', () => {
  it('given a loan not yet paid out, there is none', () => {
    expect(nextCloseOfBusinessOn(replay(happyPath('EMI').slice(0, -1)), NO_GRACE)).toBeNull();
  });

  it('given a loan just paid out, it is the first due date', () => {
    expect(nextCloseOfBusinessOn(replay(disbursed), NO_GRACE)).toBe('2021-03-31');
  });

  it('given the first instalment fell due and was paid on its due date, it is the second due date', () => {
    const history = closeThrough([...disbursed, repaid('p1', '2021-03-31', 600_000)], '2021-03-31', GRACE_5);
    expect(nextCloseOfBusinessOn(replay(history), GRACE_5)).toBe('2021-04-30');
  });

  it('given the first instalment fell due unpaid with 5 grace days, it is the end of the grace', () => {
    const history = closeThrough(disbursed, '2021-03-31', GRACE_5);
    expect(nextCloseOfBusinessOn(replay(history), GRACE_5)).toBe('2021-04-05');
  });

  it('given an instalment overdue since 31 March, the next recorded change is the second due date (30 April), also SMA-1', () => {
    const history = closeThrough(disbursed, '2021-04-29', NO_GRACE);
    expect(nextCloseOfBusinessOn(replay(history), NO_GRACE)).toBe('2021-04-30');
  });

  it("given the RBI circular's instalment due 31 March still unpaid, the class boundaries fall between due dates: SMA-2 on 30 May, NPA on 29 June", () => {
    expect(nextCloseOfBusinessOn(replay(closeThrough(disbursed, '2021-05-29', NO_GRACE)), NO_GRACE)).toBe('2021-05-30');
    expect(nextCloseOfBusinessOn(replay(closeThrough(disbursed, '2021-06-28', NO_GRACE)), NO_GRACE)).toBe('2021-06-29');
  });

  it('given the oldest unpaid instalment is the second (due 30 April), SMA-1 comes on 30 May, a day before the third due date', () => {
    const history = closeThrough(
      [...closeThrough(disbursed, '2021-03-30', NO_GRACE), repaid('p1', '2021-03-31', 520_000)],
      '2021-05-29',
      NO_GRACE,
    );
    expect(nextCloseOfBusinessOn(replay(history), NO_GRACE)).toBe('2021-05-30');
  });

  it('given a payment of every arrear recorded after the last day end, it is the payment day (the class returns to standard)', () => {
    const history = [...closeThrough(disbursed, '2021-04-10', NO_GRACE), repaid('p1', '2021-04-12', 700_000)];
    expect(nextCloseOfBusinessOn(replay(history), NO_GRACE)).toBe('2021-04-12');
  });

  it('reads the grace days and the penal charge the loan pinned, and no grace for a loan from before products', () => {
    expect(collectionTermsOf(replay(disbursed))).toEqual({ graceDays: 0, penalChargeFlat: 0 });
    expect(collectionTermsOf({ status: 'none' })).toEqual({ graceDays: 0, penalChargeFlat: 0 });
  });

  it('property: close of business, skipping the days with nothing to record, decides exactly what the walk through every day does', () => {
    const day = fc.integer({ min: 0, max: 240 });
    const payment = fc.record({ day, amount: fc.integer({ min: 1, max: 900_000 }) });
    fc.assert(
      fc.property(
        fc.array(payment, { maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(NO_GRACE, GRACE_5),
        (payments, runDays, terms) => {
          // Payments and runs interleaved in date order; each run is decided both ways and must agree.
          const steps = [...payments.map((p) => ({ day: p.day, payment: p.amount })), ...runDays.map((d) => ({ day: d, payment: 0 }))].sort(
            (a, b) => a.day - b.day,
          );
          let history: LoanEvent[] = [...disbursed];
          let n = 0;
          for (const step of steps) {
            const date = addDays('2021-02-28', step.day);
            if (step.payment > 0) {
              if (replay(history).status === 'active') history.push(repaid(`p${(n += 1)}`, date, step.payment));
              continue;
            }
            const data = { loanId: LOAN_ID, at: `${date}T18:30:00.000Z`, actor: COB, date };
            const walked = closeOfBusinessDayByDay(replay(history), terms, data);
            expect(decideCloseOfBusiness(replay(history), terms, { type: 'CloseBusinessDay', data })).toEqual(walked);
            history = [...history, ...walked];
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('property: it is the first day on which the decider, run one day at a time, records something', () => {
    const day = fc.integer({ min: 0, max: 240 });
    const payment = fc.record({ day, amount: fc.integer({ min: 1, max: 900_000 }) });
    fc.assert(
      fc.property(
        fc.array(payment, { maxLength: 5 }),
        fc.integer({ min: 0, max: 260 }),
        fc.constantFrom(NO_GRACE, GRACE_5),
        (payments, closedOn, terms) => {
          const cobDate = addDays('2021-02-28', closedOn);
          const paidBefore = payments.filter((p) => p.day <= closedOn).sort((a, b) => a.day - b.day);
          const paidAfter = payments.filter((p) => p.day > closedOn).sort((a, b) => a.day - b.day);
          let history: LoanEvent[] = [...disbursed];
          let n = 0;
          for (const p of paidBefore) {
            history = closeThrough(history, addDays('2021-02-28', p.day - 1), terms);
            if (replay(history).status !== 'active') break;
            history.push(repaid(`p${(n += 1)}`, addDays('2021-02-28', p.day), p.amount));
          }
          history = closeThrough(history, cobDate, terms);
          // A payment recorded after the last close, value-dated on or after its day, as a borrower's payment arrives.
          const first = paidAfter[0];
          if (first && replay(history).status === 'active') history.push(repaid('late', cobDate, first.amount));
          const state = replay(history);
          const expected = firstDayWithEvents(history, terms, '2022-12-31');
          expect(nextCloseOfBusinessOn(state, terms)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
