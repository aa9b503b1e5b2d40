import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { serviceLoan } from './loan-servicing.js';
import { charged, dayAfter, paid, reversed, waived } from './servicing-spec.helper.js';
import type { LoanServicing, ServicingEvent, ServicingTerms } from './servicing.types.js';

const TERMS: ServicingTerms = {
  loanType: 'EMI',
  principal: 3_000_000,
  annualRatePercent: 18,
  months: 6,
  disbursedOn: '2026-01-31',
  firstDueDate: '2026-02-28',
  anchorDay: 31,
  fee: 60_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

/**
 * A loan's money events on distinct value dates (ties are ordered by the log, by design):
 * payments, some reversed later, penalties and waivers.
 */
const histories = fc
  .uniqueArray(fc.integer({ min: 0, max: 240 }), { minLength: 1, maxLength: 12 })
  .chain((days) =>
    fc.tuple(
      fc.constant(days),
      fc.array(fc.constantFrom('pay', 'pay', 'pay', 'penalty', 'waive', 'reverse'), { minLength: days.length, maxLength: days.length }),
      fc.array(fc.integer({ min: 1, max: 1_200_000 }), { minLength: days.length, maxLength: days.length }),
    ),
  )
  .map(([days, kinds, amounts]) => {
    const events: ServicingEvent[] = [];
    const paymentIds: string[] = [];
    days.forEach((day, i) => {
      const date = dayAfter(TERMS.disbursedOn, day);
      const amount = amounts[i]!;
      const instalment = 1 + (amount % 6);
      switch (kinds[i]) {
        case 'pay':
          paymentIds.push(`p${i}`);
          events.push(paid(`p${i}`, date, amount));
          break;
        case 'penalty':
          events.push(charged(`c${i}`, date, instalment, 'penalty', (amount % 40_000) + 1));
          break;
        case 'waive':
          events.push(waived(`w${i}`, date, instalment, 'penalties', (amount % 30_000) + 1));
          break;
        default:
          if (paymentIds.length > 0) events.push(reversed(paymentIds[amount % paymentIds.length]!, date));
      }
    });
    return events;
  });

const settings = fc.record({
  strategy: fc.constantFrom('mifos-standard' as const, 'rbi-india' as const),
  prepaymentMode: fc.constantFrom('reduceTenure' as const, 'reduceEmi' as const),
});

describe('the servicing fold', () => {
  it('gives the same loan whatever order the events arrived in', () => {
    fc.assert(
      fc.property(
        settings,
        histories.chain((events) => fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length }))),
        (choices, [events, arrival]) => {
          const terms = { ...TERMS, ...choices };
          expect(serviceLoan(terms, arrival)).toEqual(serviceLoan(terms, events));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps its books: principal, ledger and money in all agree', () => {
    fc.assert(
      fc.property(settings, histories, (choices, events) => {
        const view = serviceLoan({ ...TERMS, ...choices }, events);
        checkBooks(view);
      }),
      { numRuns: 200 },
    );
  });
});

function checkBooks(view: LoanServicing): void {
  const sum = (pick: (line: LoanServicing['ledger'][number]) => number, type: string) =>
    view.ledger.filter((line) => line.type === type).reduce((total, line) => total + pick(line), 0);
  // Every instalment's principal adds up to what was lent, and the last line's balance is what is owed.
  expect(view.instalments.reduce((total, i) => total + i.principal, 0)).toBe(TERMS.principal);
  expect(view.ledger.at(-1)!.balanceAfter).toBe(view.outstanding.principal);
  // Money in = what it paid + what is held − what was refunded (none here).
  const received = view.ledger
    .filter((line) => line.type === 'repayment' && line.reversedOn === null && !line.fromCreditBalance)
    .reduce((total, line) => total + line.amount, 0);
  const allocated = ['principal', 'interest', 'fees', 'penalties'].reduce(
    (total, key) => total + sum((line) => line[key as 'principal'], 'repayment'),
    0,
  );
  expect(received).toBe(allocated + view.creditBalance);
  // Paid on instalments = allocated by the ledger.
  const paidOnInstalments = view.instalments.reduce(
    (total, i) => total + i.paidPrincipal + i.paidInterest + i.paidFees + i.paidPenalties,
    0,
  );
  expect(paidOnInstalments).toBe(allocated);
  for (const instalment of view.instalments) {
    expect(instalment.paidPrincipal).toBeLessThanOrEqual(instalment.principal);
    expect(instalment.paidInterest + instalment.waivedInterest).toBeLessThanOrEqual(instalment.interest);
    expect(instalment.paidPenalties + instalment.waivedPenalties).toBeLessThanOrEqual(instalment.penalties);
    expect(instalment.status === 'paid').toBe(instalment.paidOn !== null);
  }
  expect(view.creditBalance > 0 ? view.outstanding.total : 0).toBe(0);
  expect(view.status === 'closed').toBe(view.outstanding.total === 0 && view.creditBalance >= 0);
}
