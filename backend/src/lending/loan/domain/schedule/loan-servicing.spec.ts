import { describe, expect, it } from '@jest/globals';
import { emiFor } from '../terms/emi-schedule.js';
import { serviceLoan } from './loan-servicing.js';
import {
  EMI_LOAN,
  EMI_LOAN_EMI,
  SALARY_ADVANCE,
  charged,
  given,
  paid,
  paidReducingPrincipal,
  refunded,
  reversed,
  waived,
} from './servicing-spec.helper.js';
import type { LoanServicing, ServicingTerms } from './servicing.types.js';

const EMI = EMI_LOAN_EMI;
const LOAN = EMI_LOAN;
const RBI: ServicingTerms = { ...LOAN, strategy: 'rbi-india' };
const REDUCE_EMI: ServicingTerms = { ...LOAN, prepaymentMode: 'reduceEmi' };
/** Products whose money beyond the running instalment prepays principal (advancePayment prepayPrincipal). */
const PREPAY: ServicingTerms = { ...LOAN, advancePayment: 'prepayPrincipal' };
const PREPAY_REDUCE_EMI: ServicingTerms = { ...REDUCE_EMI, advancePayment: 'prepayPrincipal' };

const sum = (view: LoanServicing, key: 'principal' | 'interest') =>
  view.instalments.reduce((total, instalment) => total + instalment[key], 0);

describe('when disbursed', () => {
  it('shows the schedule fixed at disbursal, nothing paid, and the payout in the ledger', () => {
    const view = given(LOAN)
      .when()
      .then({
        status: 'active',
        closedOn: null,
        instalmentAmount: EMI,
        outstanding: { principal: 10_000_000, interest: 661_853, fees: 0, penalties: 0, total: 10_661_853 },
        creditBalance: 0,
        ledger: [{ type: 'disbursement', date: '2026-01-15', amount: 10_000_000, principal: 10_000_000, balanceAfter: 10_000_000 }],
      });
    expect(view.instalments).toHaveLength(12);
    expect(view.instalments[0]).toEqual({
      number: 1,
      dueDate: '2026-02-15',
      principal: 788_488,
      interest: 100_000,
      fees: 0,
      penalties: 0,
      paidPrincipal: 0,
      paidInterest: 0,
      paidFees: 0,
      paidPenalties: 0,
      waivedInterest: 0,
      waivedFees: 0,
      waivedPenalties: 0,
      status: 'upcoming',
      paidOn: null,
      closedOut: null,
    });
  });

  it('charges the one-off processing fee on instalment 1, and shows it in the ledger', () => {
    given({ ...LOAN, fee: 200_000 })
      .when()
      .then({
        instalments: [{ number: 1, fees: 200_000 }, ...Array(11).fill({ fees: 0 })],
        outstanding: { fees: 200_000, total: 10_861_853 },
        ledger: [
          { type: 'disbursement' },
          { type: 'charge', id: 'fee', date: '2026-01-15', amount: 200_000, fees: 200_000, balanceAfter: 10_000_000 },
        ],
      });
  });
});

describe('paying what is due', () => {
  it('an EMI paid on its due date pays that instalment: interest, then principal', () => {
    given(LOAN)
      .when(paid('p1', '2026-02-15', EMI))
      .then({
        instalments: [
          { number: 1, paidPrincipal: 788_488, paidInterest: 100_000, status: 'paid', paidOn: '2026-02-15' },
          ...Array(11).fill({ status: 'upcoming', paidOn: null }),
        ],
        ledger: [
          { type: 'disbursement' },
          {
            id: 'p1',
            type: 'repayment',
            paymentId: 'p1',
            amount: EMI,
            principal: 788_488,
            interest: 100_000,
            balanceAfter: 9_211_512,
            toCreditBalance: 0,
          },
        ],
      });
  });

  it('a part payment leaves the instalment partial: interest first, the rest on principal', () => {
    given(LOAN)
      .when(paid('p1', '2026-02-15', 500_000))
      .then({
        instalments: [{ number: 1, paidInterest: 100_000, paidPrincipal: 400_000, status: 'partial', paidOn: null }, ...Array(11).fill({})],
        outstanding: { principal: 9_600_000, interest: 561_853, total: 10_161_853 },
      });
  });

  it('an EMI paid a few days early pays that instalment, and changes nothing else', () => {
    const view = given(LOAN)
      .when(paid('p1', '2026-02-10', EMI))
      .then({ instalments: [{ status: 'paid', paidOn: '2026-02-10' }, ...Array(11).fill({ status: 'upcoming' })] });
    expect(view.instalments.slice(1)).toEqual(serviceLoan(LOAN, []).instalments.slice(1));
  });

  it('the last part of an instalment paid marks the day it was paid off', () => {
    given(LOAN)
      .when(paid('p1', '2026-02-15', 500_000), paid('p2', '2026-02-20', EMI - 500_000))
      .then({ instalments: [{ status: 'paid', paidOn: '2026-02-20' }, ...Array(11).fill({ status: 'upcoming' })] });
  });
});

describe('allocation strategies, two instalments overdue and a penalty on the first', () => {
  // Due on 20 Mar: instalment 1 (7,884.88 + 1,000.00 + penalty 500.00) and 2 (7,963.73 + 921.15).
  const overdue = [charged('late-1', '2026-02-25', 1, 'penalty', 50_000)];
  const payment = paid('p1', '2026-03-20', 1_000_000);

  it('mifos-standard pays instalment by instalment, oldest first: penalties, fees, interest, principal', () => {
    given(LOAN, ...overdue)
      .when(payment)
      .then({
        instalments: [
          { number: 1, paidPenalties: 50_000, paidInterest: 100_000, paidPrincipal: 788_488, status: 'paid', paidOn: '2026-03-20' },
          // 10,000.00 − 9,384.88 = 615.12 left: instalment 2's interest, in part.
          { number: 2, paidInterest: 61_512, paidPrincipal: 0, status: 'partial' },
          ...Array(10).fill({ status: 'upcoming' }),
        ],
        ledger: [
          { type: 'disbursement' },
          { type: 'charge', id: 'late-1', penalties: 50_000, amount: 50_000, balanceAfter: 10_000_000 },
          { type: 'repayment', penalties: 50_000, interest: 161_512, principal: 788_488, balanceAfter: 9_211_512 },
        ],
      });
  });

  it('rbi-india pays every due penalty, fee and interest first, then principal oldest first', () => {
    given(RBI, ...overdue)
      .when(payment)
      .then({
        instalments: [
          // 500.00 + 1,000.00 + 921.15 = 2,421.15 first; 7,578.85 left for instalment 1's principal.
          { number: 1, paidPenalties: 50_000, paidInterest: 100_000, paidPrincipal: 757_885, status: 'partial' },
          { number: 2, paidInterest: 92_115, paidPrincipal: 0, status: 'partial' },
          ...Array(10).fill({ status: 'upcoming' }),
        ],
        outstanding: { principal: 9_242_115, penalties: 0 },
        ledger: [
          { type: 'disbursement' },
          { type: 'charge' },
          { type: 'repayment', penalties: 50_000, interest: 192_115, principal: 757_885, balanceAfter: 9_242_115 },
        ],
      });
  });

  it('both pay the instalment now running once everything due is paid', () => {
    for (const terms of [LOAN, RBI]) {
      given(terms, ...overdue)
        .when(paid('p1', '2026-03-20', 50_000 + 2 * EMI + 30_000))
        .then({
          instalments: [
            { status: 'paid' },
            { status: 'paid' },
            // 20 Mar is inside instalment 3's period: the 300.00 left goes to its interest.
            { number: 3, paidInterest: 30_000, paidPrincipal: 0, status: 'partial' },
            ...Array(9).fill({ status: 'upcoming' }),
          ],
          instalmentAmount: EMI,
        });
    }
  });
});

describe('prepayment: what is paid beyond everything due', () => {
  // Paid on 15 Feb: the EMI and 20,000.00 more. Balance after instalment 1:
  // 92,115.12 − 20,000.00 = 72,115.12; interest for March on it: 721.15.
  const payment = paid('p1', '2026-02-15', EMI + 2_000_000);

  it('reduceTenure keeps the EMI; the last instalments fall away; the last absorbs the remainder', () => {
    const view = given(PREPAY)
      .when(payment)
      .then({
        instalmentAmount: EMI,
        outstanding: { principal: 7_211_512 },
        ledger: [{}, { type: 'repayment', principal: 2_788_488, interest: 100_000, balanceAfter: 7_211_512 }],
      });
    // The prepaid principal shows on the instalment it was paid with, as Fineract shows it.
    expect(view.instalments[0]).toMatchObject({ principal: 2_788_488, paidPrincipal: 2_788_488, status: 'paid' });
    expect(view.instalments[1]).toMatchObject({ number: 2, dueDate: '2026-03-15', principal: 816_373, interest: 72_115 });
    expect(view.instalments).toHaveLength(10);
    expect(view.instalments.slice(1, -1).every((i) => i.principal + i.interest === EMI)).toBe(true);
    expect(view.instalments.at(-1)).toMatchObject({ number: 10, dueDate: '2026-11-15', principal: 447_315, interest: 4_473 });
    expect(sum(view, 'principal')).toBe(10_000_000);
  });

  it('reduceEmi keeps every due date and lowers the EMI', () => {
    const view = given(PREPAY_REDUCE_EMI)
      .when(payment)
      .then({ instalmentAmount: emiFor(7_211_512, 12, 11), outstanding: { principal: 7_211_512 } });
    expect(view.instalmentAmount).toBe(695_580);
    expect(view.instalments.map((i) => i.dueDate)).toEqual(serviceLoan(LOAN, []).instalments.map((i) => i.dueDate));
    expect(view.instalments[1]).toMatchObject({ principal: 623_465, interest: 72_115 });
    expect(view.instalments.slice(1, -1).every((i) => i.principal + i.interest === 695_580)).toBe(true);
    expect(sum(view, 'principal')).toBe(10_000_000);
  });

  it('paid during a period, it first pays that period instalment, then prepays from the next', () => {
    // 1 Feb: instalment 1 (8,884.88) ahead; 11,115.12 prepays: 92,115.12 − 11,115.12 = 81,000.00.
    const view = given(PREPAY)
      .when(paid('p1', '2026-02-01', 2_000_000))
      .then({ outstanding: { principal: 8_100_000 }, ledger: [{}, { principal: 1_900_000, interest: 100_000, balanceAfter: 8_100_000 }] });
    expect(view.instalments[0]).toMatchObject({ principal: 1_900_000, paidPrincipal: 1_900_000, status: 'paid', paidOn: '2026-02-01' });
    expect(view.instalments[1]).toMatchObject({ principal: EMI - 81_000, interest: 81_000 });
  });

  it('paid on the day of disbursal, it first pays instalment 1 (issue 27: the disbursal day is inside period 1)', () => {
    const view = given(PREPAY_REDUCE_EMI)
      .when(paid('p1', '2026-01-15', EMI + 1_000_000))
      .then({ outstanding: { principal: 10_000_000 - 788_488 - 1_000_000 } });
    expect(view.instalments[0]).toMatchObject({ interest: 100_000, paidPrincipal: 1_788_488, status: 'paid' });
    expect(view.instalmentAmount).toBe(emiFor(10_000_000 - 788_488 - 1_000_000, 12, 11));
  });

  it('chosen as "reduce principal" on the day of disbursal, it pays instalment 1 first under any setting, then prepays', () => {
    const view = given(REDUCE_EMI)
      .when(paidReducingPrincipal('p1', '2026-01-15', EMI + 1_000_000))
      .then({ outstanding: { principal: 10_000_000 - 788_488 - 1_000_000 } });
    expect(view.instalments[0]).toMatchObject({ interest: 100_000, paidPrincipal: 1_788_488, status: 'paid' });
    expect(view.instalmentAmount).toBe(emiFor(10_000_000 - 788_488 - 1_000_000, 12, 11));
    expect(view).toEqual(serviceLoan(PREPAY_REDUCE_EMI, [paid('p1', '2026-01-15', EMI + 1_000_000)]));
  });

  it('two reduce-principal payments on the day of disbursal (beyond instalment 1) give the schedule of one prepayment of both, in either mode', () => {
    // Found by the servicing benchmark: the second one used to stop the fold (instalment 1 already showed the first).
    for (const terms of [LOAN, REDUCE_EMI, { ...LOAN, fee: 200_000 }]) {
      const twice = serviceLoan(terms, [
        paidReducingPrincipal('p1', '2026-01-15', 2 * EMI + 500_000),
        paidReducingPrincipal('p2', '2026-01-15', 300_000),
      ]);
      const once = serviceLoan(terms, [paidReducingPrincipal('p1', '2026-01-15', 2 * EMI + 800_000)]);
      expect(twice.instalments).toEqual(once.instalments);
      expect(twice.outstanding).toEqual(once.outstanding);
      expect(sum(twice, 'principal')).toBe(10_000_000);
    }
  });

  it('two reduce-principal payments on the day of disbursal, then the EMI: each re-allocates in turn', () => {
    const view = serviceLoan(REDUCE_EMI, [
      paidReducingPrincipal('p1', '2026-01-15', 1_000_000),
      paidReducingPrincipal('p2', '2026-01-15', 1_000_000),
      paid('p3', '2026-02-15', 2_000_000),
    ]);
    expect(view.instalments[0]).toMatchObject({ status: 'paid', paidPrincipal: view.instalments[0]!.principal });
    expect(sum(view, 'principal')).toBe(10_000_000);
    expect(view.outstanding.principal).toBeLessThan(8_000_000);
  });

  it('a second prepayment under reduceTenure keeps the same EMI and shortens the loan again', () => {
    const view = serviceLoan(PREPAY, [payment, paid('p2', '2026-03-15', EMI + 2_000_000)]);
    expect(view.instalmentAmount).toBe(EMI);
    expect(view.instalments.length).toBeLessThan(10);
    expect(sum(view, 'principal')).toBe(10_000_000);
  });
});

describe('a back-dated payment', () => {
  // Under prepayPrincipal, where a back-dated payment moves the most: what was due becomes a prepayment.
  // Recorded in this order: EMIs on 15 Feb and 15 Mar, then a payment dated 1 Feb found later.
  const onTime = [paid('p1', '2026-02-15', EMI), paid('p2', '2026-03-15', EMI)];
  const late = paid('p0', '2026-02-01', 2_000_000);

  it('re-allocates every later payment: the result is the fold in value-date order', () => {
    const arrived = serviceLoan(PREPAY, [...onTime, late]);
    expect(arrived).toEqual(serviceLoan(PREPAY, [late, ...onTime]));
  });

  it('moves what the later payments paid: the 15 Feb EMI now finds instalment 1 paid, and prepays', () => {
    const before = serviceLoan(PREPAY, onTime);
    expect(before.ledger[1]).toMatchObject({ id: 'p1', principal: 788_488, interest: 100_000 });
    const after = given(PREPAY, ...onTime)
      .when(late)
      .then({
        ledger: [
          { type: 'disbursement' },
          { id: 'p0', date: '2026-02-01', principal: 1_900_000, interest: 100_000, balanceAfter: 8_100_000 },
          // Nothing was due on 15 Feb any more: all of it prepays principal.
          { id: 'p1', date: '2026-02-15', principal: EMI, interest: 0, balanceAfter: 8_100_000 - EMI },
          { id: 'p2', date: '2026-03-15' },
        ],
      });
    expect(after.instalments[0]).toMatchObject({ paidOn: '2026-02-01', status: 'paid' });
    expect(after.instalments[1]).toMatchObject({ dueDate: '2026-03-15', status: 'paid', paidOn: '2026-03-15' });
  });
});

describe('a reversal', () => {
  const history = [paid('p1', '2026-02-15', EMI), paid('p2', '2026-03-15', EMI), paid('p3', '2026-04-15', EMI)];

  it('takes the payment out as if it had never come: every later payment re-allocates', () => {
    const view = given(LOAN, ...history)
      .when(reversed('p1', '2026-04-20'))
      .then({
        instalments: [
          { status: 'paid', paidOn: '2026-03-15' },
          { status: 'paid', paidOn: '2026-04-15' },
          { status: 'upcoming' },
          ...Array(9).fill({ status: 'upcoming' }),
        ],
        ledger: [
          { type: 'disbursement' },
          { id: 'p1', type: 'repayment', amount: EMI, principal: 0, interest: 0, reversedOn: '2026-04-20', balanceAfter: 10_000_000 },
          { id: 'p2', principal: 788_488, interest: 100_000, balanceAfter: 9_211_512 },
          { id: 'p3', principal: 796_373, interest: 92_115, balanceAfter: 8_415_139 },
          { type: 'reversal', paymentId: 'p1', date: '2026-04-20', amount: EMI, principal: 0, balanceAfter: 8_415_139 },
        ],
      });
    const withoutP1 = serviceLoan(LOAN, history.slice(1));
    expect(view.instalments).toEqual(withoutP1.instalments);
    expect(view.outstanding).toEqual(withoutP1.outstanding);
  });

  it('reopens a loan the reversed payment had closed', () => {
    given(SALARY_ADVANCE, paid('p1', '2026-03-20', 2_100_000))
      .when(reversed('p1', '2026-03-25'))
      .then({ status: 'active', closedOn: null, outstanding: { total: 2_100_000 } });
  });

  it('after a settlement: the reversed payment holds nothing for the borrower (it was credit balance before)', () => {
    const settled = { type: 'ClosedOut' as const, id: 'offer-1', kind: 'settlement' as const, valueDate: '2026-02-20' };
    given(LOAN, settled)
      .when(paid('p9', '2026-02-25', 1_000))
      .then({ creditBalance: 1_000 });
    given(LOAN, settled, paid('p9', '2026-02-25', 1_000))
      .when(reversed('p9', '2026-02-26'))
      .then({
        creditBalance: 0,
        ledger: [
          { type: 'disbursement' },
          { type: 'settlement' },
          { id: 'p9', type: 'repayment', amount: 1_000, reversedOn: '2026-02-26' },
          { type: 'reversal', paymentId: 'p9', amount: 1_000 },
        ],
      });
  });

  it('applies once when the log holds the same reversal twice', () => {
    const view = serviceLoan(LOAN, [...history, reversed('p1', '2026-04-20'), reversed('p1', '2026-04-21')]);
    expect(view.ledger.filter((line) => line.type === 'reversal')).toHaveLength(1);
  });
});

describe('a close-out (settlement, write-off, cooling-off exit)', () => {
  const closedOut = (kind: 'settlement' | 'writeOff' | 'coolingOffExit', valueDate: string) => ({
    type: 'ClosedOut' as const,
    id: kind === 'settlement' ? 'offer-1' : kind,
    kind,
    valueDate,
  });

  it('marks what it took off the books as closed out, not paid; an instalment paid before keeps reading paid', () => {
    const view = given(LOAN, paid('p1', '2026-02-15', EMI))
      .when(closedOut('writeOff', '2026-06-30'))
      .then({ outstanding: { total: 0 } });
    expect(view.instalments[0]).toMatchObject({ status: 'paid', paidOn: '2026-02-15', closedOut: null });
    for (const instalment of view.instalments.slice(1)) {
      expect(instalment).toMatchObject({ status: 'paid', paidOn: '2026-06-30', closedOut: 'writeOff' });
    }
  });

  it('an instalment part paid when the loan is settled is closed out by the settlement', () => {
    const view = given(LOAN, paid('p1', '2026-02-15', 500_000))
      .when(closedOut('settlement', '2026-03-01'))
      .then({});
    expect(view.instalments.map((i) => i.closedOut)).toEqual(Array(12).fill('settlement'));
  });

  it('a cooling-off exit closes out every instalment, none of which was due', () => {
    const view = given(LOAN).when(closedOut('coolingOffExit', '2026-01-18')).then({});
    expect(new Set(view.instalments.map((i) => i.closedOut))).toEqual(new Set(['coolingOffExit']));
  });

  it('a cooling-off exit splits its payment as principal and the days held interest; the fee not kept and the rest of the interest are taken off', () => {
    const withFee: ServicingTerms = { ...LOAN, fee: 200_000 };
    const exit = { ...closedOut('coolingOffExit', '2026-01-18'), exit: { interest: 9_863, fee: 0 } };
    const view = given(withFee, paid('p1', '2026-01-18', 10_000_000 + 9_863))
      .when(exit)
      .then({ status: 'closed', closedOn: '2026-01-18', outstanding: { total: 0 }, creditBalance: 0 });
    expect(view.ledger.find((l) => l.type === 'repayment')).toMatchObject({ principal: 10_000_000, interest: 9_863, fees: 0 });
    expect(view.ledger.at(-1)).toMatchObject({ type: 'cooling-off-exit', principal: 0, interest: 661_853 - 9_863, fees: 200_000 });
    expect(new Set(view.instalments.map((i) => i.closedOut))).toEqual(new Set(['coolingOffExit']));
  });

  it('a cooling-off exit whose KFS keeps the fee takes the fee from the payment, and more paid is credit balance', () => {
    const withFee: ServicingTerms = { ...LOAN, fee: 200_000 };
    const exit = { ...closedOut('coolingOffExit', '2026-01-18'), exit: { interest: 9_863, fee: 200_000 } };
    const view = given(withFee, paid('p1', '2026-01-18', 10_000_000 + 9_863 + 200_000 + 500))
      .when(exit)
      .then({ creditBalance: 500 });
    expect(view.ledger.find((l) => l.type === 'repayment')).toMatchObject({ principal: 10_000_000, interest: 9_863, fees: 200_000 });
    expect(view.ledger.at(-1)).toMatchObject({ type: 'cooling-off-exit', principal: 0, fees: 0 });
  });

  it('a payment after a write-off (a recovery) closes out nothing more and pays nothing', () => {
    const view = given(LOAN, closedOut('writeOff', '2026-06-30'))
      .when(paid('r1', '2026-07-10', 100_000))
      .then({});
    expect(view.instalments.every((i) => i.closedOut === 'writeOff' && i.paidOn === '2026-06-30')).toBe(true);
  });
});

describe('closure and overpayment', () => {
  const dueDates = serviceLoan(LOAN, []).instalments.map((i) => i.dueDate);

  it('closes the loan on the day nothing is left outstanding', () => {
    // The last instalment is 8,796.88 + 87.97 = 8,884.85: it absorbed the rounding.
    const payments = dueDates.map((date, index) => paid(`p${index + 1}`, date, index === 11 ? 888_485 : EMI));
    given(LOAN)
      .when(...payments)
      .then({
        status: 'closed',
        closedOn: '2027-01-15',
        outstanding: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 },
        creditBalance: 0,
      });
  });

  it('holds money beyond what is owed as a credit balance, and closes', () => {
    const payments = dueDates.map((date, index) => paid(`p${index + 1}`, date, EMI));
    const view = given(LOAN)
      .when(...payments)
      .then({ status: 'closed', closedOn: '2027-01-15', creditBalance: 3 });
    expect(view.ledger.at(-1)).toMatchObject({
      id: 'p12',
      amount: EMI,
      principal: 879_688,
      interest: 8_797,
      toCreditBalance: 3,
      balanceAfter: 0,
    });
  });

  it('a refund by staff pays the credit balance back; the loan stays closed', () => {
    given(LOAN, paid('p1', '2026-02-01', 20_000_000))
      .when(refunded('r1', '2026-02-05', 9_945_161))
      .then({
        status: 'closed',
        closedOn: '2026-02-01',
        creditBalance: 0,
        ledger: [{}, { id: 'p1' }, { id: 'r1', type: 'refund', amount: 9_945_161, balanceAfter: 0 }],
      });
  });

  it('a charge replayed after the closing payment is paid from the credit balance held', () => {
    given(SALARY_ADVANCE, paid('p1', '2026-03-18', 2_150_000))
      .when(charged('c1', '2026-03-19', 1, 'fee', 10_000))
      .then({
        status: 'closed',
        creditBalance: 40_000,
        instalments: [{ fees: 110_000, paidFees: 110_000, status: 'paid' }],
        ledger: [
          {},
          { type: 'charge', id: 'fee' },
          { id: 'p1', toCreditBalance: 50_000 },
          { type: 'charge' },
          { type: 'repayment', fromCreditBalance: true, amount: 10_000, fees: 10_000 },
        ],
      });
  });
});

describe('charges and waivers', () => {
  it('a penalty on an overdue instalment is owed on it, and paid first', () => {
    given(LOAN, charged('late-1', '2026-02-20', 1, 'penalty', 50_000))
      .when(paid('p1', '2026-02-25', 60_000))
      .then({
        instalments: [{ penalties: 50_000, paidPenalties: 50_000, paidInterest: 10_000, status: 'partial' }, ...Array(11).fill({})],
      });
  });

  it('a waiver takes off at most what is owed, and the instalment can then be paid off', () => {
    given(LOAN, charged('late-1', '2026-02-20', 1, 'penalty', 50_000), paid('p1', '2026-02-25', EMI))
      .when(waived('w1', '2026-02-26', 1, 'penalties', 80_000))
      .then({
        instalments: [
          { penalties: 50_000, paidPenalties: 50_000, paidInterest: 100_000, paidPrincipal: 738_488, status: 'partial' },
          ...Array(11).fill({}),
        ],
        ledger: [{}, {}, {}, { type: 'waiver', amount: 0, penalties: 0 }],
      });
    given(LOAN, charged('late-1', '2026-02-20', 1, 'penalty', 50_000))
      .when(waived('w1', '2026-02-21', 1, 'penalties', 50_000), paid('p1', '2026-02-25', EMI))
      .then({ instalments: [{ waivedPenalties: 50_000, status: 'paid', paidOn: '2026-02-25' }, ...Array(11).fill({})] });
  });
});

describe('a salary advance: one instalment with a flat fee', () => {
  it('the fee is a fee, not interest, and a part payment pays it first', () => {
    given(SALARY_ADVANCE)
      .when(paid('p1', '2026-03-20', 1_000_000))
      .then({
        instalmentAmount: 2_000_000,
        instalments: [
          {
            number: 1,
            dueDate: '2026-03-20',
            principal: 2_000_000,
            interest: 0,
            fees: 100_000,
            paidFees: 100_000,
            paidPrincipal: 900_000,
            status: 'partial',
          },
        ],
        outstanding: { principal: 1_100_000, fees: 0, total: 1_100_000 },
      });
  });

  it('principal and fee paid on the pay date close it', () => {
    given(SALARY_ADVANCE)
      .when(paid('p1', '2026-03-20', 2_100_000))
      .then({ status: 'closed', closedOn: '2026-03-20' });
  });

  it('a penal charge on the overdue repayment is owed with it, under either strategy', () => {
    for (const strategy of ['mifos-standard', 'rbi-india'] as const) {
      given({ ...SALARY_ADVANCE, strategy }, charged('late', '2026-03-25', 1, 'penalty', 25_000))
        .when(paid('p1', '2026-03-30', 2_125_000))
        .then({ status: 'closed', instalments: [{ paidPenalties: 25_000, paidFees: 100_000, paidPrincipal: 2_000_000 }] });
    }
  });
});
