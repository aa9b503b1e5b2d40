import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { daysPastDue } from '../../../collections/domain/delinquency.js';
import { instalmentStatusOn, oldestUnpaidDueDate } from './instalment-status.js';
import { serviceLoan } from './loan-servicing.js';
import { EMI_LOAN, EMI_LOAN_EMI, SALARY_ADVANCE, charged, dayAfter, paid, paidReducingPrincipal } from './servicing-spec.helper.js';
import type { LoanServicing, ServicingEvent, ServicingTerms } from './servicing.types.js';

/**
 * Issue 27 item 1, the confirmed case: 1,50,000.00 at 18% for 12 months with a 3,000.00 processing fee, paid out on
 * 10 December 2025, due on the 10th. The portal offered instalment 1 (EMI 13,752.00 + the fee = 16,752.00) on the day
 * of disbursal and the borrower paid it; staff recorded another 13,752.00 the same day.
 */
const CONFIRMED: ServicingTerms = {
  loanType: 'EMI',
  principal: 15_000_000,
  annualRatePercent: 18,
  months: 12,
  disbursedOn: '2025-12-10',
  firstDueDate: '2026-01-10',
  fee: 300_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

const owedOn = (view: LoanServicing, number: number) => {
  const line = view.instalments.find((candidate) => candidate.number === number)!;
  return (
    line.principal +
    line.interest +
    line.fees +
    line.penalties -
    line.paidPrincipal -
    line.paidInterest -
    line.paidFees -
    line.paidPenalties
  );
};

const statusesOn = (view: LoanServicing, date: string, graceDays = 0) =>
  view.instalments.map((line) => instalmentStatusOn(line, date, graceDays));

const onOrBefore = (events: readonly ServicingEvent[], date: string) => events.filter((event) => event.valueDate <= date);

describe('a payment made early (the confirmed case)', () => {
  const emi = serviceLoan(CONFIRMED, []).instalmentAmount;
  const events = [paid('borrower', '2025-12-10', emi + 300_000), paid('staff', '2025-12-10', emi)];

  it('pays instalments 1 and 2 in advance: on 10 January nothing is due or overdue, 0 days past due', () => {
    const view = serviceLoan(CONFIRMED, events);
    expect(owedOn(view, 1)).toBe(0);
    expect(owedOn(view, 2)).toBe(0);
    expect(view.instalments[0]).toMatchObject({
      principal: serviceLoan(CONFIRMED, []).instalments[0]!.principal,
      status: 'paid',
      paidOn: '2025-12-10',
    });
    expect(statusesOn(view, '2026-01-10').slice(0, 3)).toEqual(['paid', 'paid', 'upcoming']);
    expect(statusesOn(view, '2026-01-18').slice(0, 3)).toEqual(['paid', 'paid', 'upcoming']);
    expect(daysPastDue(oldestUnpaidDueDate(view.instalments, '2026-01-18'), '2026-01-18')).toBe(0);
    expect(view.instalments).toHaveLength(12);
  });

  it('keeps instalment 3 due on 10 March, unpaid, at the scheduled EMI', () => {
    const view = serviceLoan(CONFIRMED, events);
    expect(view.instalmentAmount).toBe(emi);
    expect(statusesOn(view, '2026-03-10')[2]).toBe('due');
    expect(owedOn(view, 3)).toBe(emi);
  });
});

describe('the advance-payment setting', () => {
  const LOAN = EMI_LOAN;
  const EMI = serviceLoan(LOAN, []).instalmentAmount;

  it('nextInstalments (the default): two EMIs paid a week after disbursal pay instalments 1 and 2', () => {
    const view = serviceLoan(LOAN, [paid('p', '2026-01-22', 2 * EMI)]);
    expect(view.instalments.slice(0, 3).map((line) => line.status)).toEqual(['paid', 'paid', 'upcoming']);
    expect(view.instalments).toHaveLength(12);
    expect(view.outstanding.principal).toBe(10_000_000 - 788_488 - 796_373);
  });

  it('prepayPrincipal: on the day of disbursal the payment pays instalment 1 first, then prepays', () => {
    const view = serviceLoan({ ...LOAN, advancePayment: 'prepayPrincipal' }, [paid('p', '2026-01-15', 2 * EMI)]);
    expect(view.instalments[0]).toMatchObject({ status: 'paid', interest: 100_000 });
    expect(owedOn(view, 2)).toBe(EMI);
    expect(view.instalments.length).toBeLessThan(12);
  });

  it('prepayPrincipal: on a due date the instalment due is paid, the rest prepays at once (as before)', () => {
    const view = serviceLoan({ ...LOAN, advancePayment: 'prepayPrincipal' }, [paid('p', '2026-02-15', 2_888_488)]);
    expect(view.outstanding.principal).toBe(7_211_512);
    expect(view.instalments[1]).toMatchObject({ interest: 72_115, principal: EMI - 72_115 });
  });

  it('a payment marked reducePrincipal pays what is due, then prepays, whatever the setting', () => {
    const view = serviceLoan(LOAN, [paidReducingPrincipal('p', '2026-02-15', 2_888_488)]);
    expect(view.outstanding.principal).toBe(7_211_512);
    expect(view.instalments).toHaveLength(10);
  });

  it('reducePrincipal after instalments paid in advance recomputes only the ones after them', () => {
    const view = serviceLoan(LOAN, [paid('a', '2026-01-20', 2 * EMI), paidReducingPrincipal('b', '2026-01-21', 1_000_000)]);
    expect(view.instalments.slice(0, 2).map((line) => line.status)).toEqual(['paid', 'paid']);
    expect(view.outstanding.principal).toBe(10_000_000 - 788_488 - 796_373 - 1_000_000);
    expect(owedOn(view, 3)).toBe(EMI);
  });
});

/**
 * A prepayment that takes exactly the principal of every instalment after the last one paid on (found by
 * journal.property.spec with seed 569643512: the fold threw "charges with no instalment left to carry them").
 * Nine EMIs and 1 paisa paid a week after disbursal pay instalments 1–9 and touch 10; instalments 11 and 12 hold
 * 8,709.81 + 8,796.88 = 17,506.69 of principal.
 */
describe('a prepayment of all the principal after the instalments paid on', () => {
  const LATER_PRINCIPAL = 870_981 + 879_688;
  const aheadBy10 = paid('ahead', '2026-01-22', 9 * EMI_LOAN_EMI + 1);

  it.each(['reduceTenure', 'reduceEmi'] as const)(
    '%s: the later instalments fall away, instalment 10 shows the prepayment and is the last one owed',
    (prepaymentMode) => {
      const view = serviceLoan({ ...EMI_LOAN, prepaymentMode }, [aheadBy10, paidReducingPrincipal('all', '2026-01-23', LATER_PRINCIPAL)]);
      expect(view.instalments.map((line) => line.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(view.instalments[9]).toMatchObject({
        dueDate: '2026-11-15',
        principal: 862_358 + LATER_PRINCIPAL,
        paidPrincipal: LATER_PRINCIPAL,
        interest: 26_130,
        paidInterest: 1,
        status: 'partial',
      });
      expect(view.outstanding).toMatchObject({ principal: 862_358, interest: 26_129, total: 888_487 });
      expect(view).toMatchObject({ status: 'active', creditBalance: 0, instalmentAmount: EMI_LOAN_EMI });
    },
  );

  it('a penalty on a later instalment is paid first and moves, paid, onto instalment 10', () => {
    const view = serviceLoan(EMI_LOAN, [
      aheadBy10,
      charged('late', '2026-01-22', 12, 'penalty', 5_000),
      paidReducingPrincipal('all', '2026-01-23', 5_000 + LATER_PRINCIPAL),
    ]);
    expect(view.instalments).toHaveLength(10);
    expect(view.instalments[9]).toMatchObject({ penalties: 5_000, paidPenalties: 5_000, paidPrincipal: LATER_PRINCIPAL });
    expect(view.outstanding).toMatchObject({ principal: 862_358, penalties: 0, total: 888_487 });
  });

  it('a penalty charged afterwards on an instalment that fell away lands on instalment 10', () => {
    const view = serviceLoan(EMI_LOAN, [
      aheadBy10,
      paidReducingPrincipal('all', '2026-01-23', LATER_PRINCIPAL),
      charged('late', '2026-02-04', 12, 'penalty', 1),
    ]);
    expect(view.instalments[9]).toMatchObject({ penalties: 1, paidPenalties: 0 });
    expect(view.outstanding.total).toBe(888_488);
  });
});

/**
 * The invariant of issue 27 item 1, over random payments and dates: whenever the money received by a date is at least
 * the sum of the instalments due by that date as first scheduled, nothing is due or overdue then, and days past due is 0.
 */
describe('money received covers what is due: nothing is due or overdue', () => {
  const loans: ServicingTerms[] = [
    EMI_LOAN,
    { ...EMI_LOAN, fee: 200_000, strategy: 'rbi-india' },
    { ...EMI_LOAN, prepaymentMode: 'reduceEmi', months: 6 },
    CONFIRMED,
    SALARY_ADVANCE,
  ];
  const day = (terms: ServicingTerms, offset: number) => dayAfter(terms.disbursedOn, offset);

  it('holds for any payments on any days, checked on any day', () => {
    const arbitrary = fc.record({
      loan: fc.integer({ min: 0, max: loans.length - 1 }),
      payments: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 400 }), share: fc.double({ min: 0.01, max: 2.5, noNaN: true }) }), {
        maxLength: 8,
      }),
      checks: fc.array(fc.integer({ min: 0, max: 420 }), { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ loan, payments, checks }) => {
        const terms = loans[loan]!;
        const scheduled = serviceLoan(terms, []);
        const emi = scheduled.instalments[0]!.principal + scheduled.instalments[0]!.interest;
        const events = payments.map(({ offset, share }, index) =>
          paid(`p${index}`, day(terms, offset), Math.max(1, Math.round(emi * share))),
        );
        for (const offset of checks) {
          const date = day(terms, offset);
          const received = onOrBefore(events, date).reduce((sum, event) => sum + (event.type === 'RepaymentApplied' ? event.amount : 0), 0);
          const dueByThen = scheduled.instalments
            .filter((line) => line.dueDate <= date)
            .reduce((sum, line) => sum + line.principal + line.interest + line.fees + line.penalties, 0);
          if (received < dueByThen) continue;
          const view = serviceLoan(terms, onOrBefore(events, date));
          const statuses = statusesOn(view, date);
          expect(statuses.filter((status) => status === 'due' || status === 'overdue')).toEqual([]);
          expect(daysPastDue(oldestUnpaidDueDate(view.instalments, date), date)).toBe(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
