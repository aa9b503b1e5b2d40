import { describe, expect, it } from 'vitest';
import { amountDue, dueNow, isCalendarDateOnOrBefore, isFinalPayment, owedOn, paymentOutcome, type Instalment } from './servicing';

/** Instalment n of the docs/servicing.md example: 1,00,000.00 at 12% over 12 months, due on the 15th. */
function line(number: number, dueDate: string, paid: Partial<Instalment> = {}): Instalment {
  return {
    number,
    closedOut: null,
    dueDate,
    principal: 788_488,
    interest: 100_000,
    fees: 0,
    penalties: 0,
    paidPrincipal: 0,
    paidInterest: 0,
    paidFees: 0,
    paidPenalties: 0,
    status: 'upcoming',
    paidOn: null,
    ...paid,
  };
}

const PAID = { paidPrincipal: 788_488, paidInterest: 100_000, status: 'paid' as const, paidOn: '2026-02-15' };

describe('what an instalment still owes', () => {
  it('is every component less what was paid', () => {
    expect(owedOn(line(1, '2026-02-15'))).toBe(888_488);
    expect(owedOn(line(1, '2026-02-15', { paidInterest: 100_000, paidPrincipal: 88_488, status: 'partial' }))).toBe(700_000);
    expect(owedOn(line(1, '2026-02-15', PAID))).toBe(0);
  });

  it('counts fees and penalties', () => {
    expect(owedOn(line(1, '2026-02-15', { fees: 20_000, penalties: 50_000, paidPenalties: 50_000, paidFees: 5_000 }))).toBe(
      888_488 + 15_000,
    );
  });
});

describe('what is due', () => {
  const schedule = [line(1, '2026-02-15'), line(2, '2026-03-15'), line(3, '2026-04-15')];

  it('given nothing has fallen due, when asked before the first due date, then it is the first instalment ahead', () => {
    expect(amountDue(schedule, '2026-02-01')).toEqual({
      amount: 888_488,
      dueDate: '2026-02-15',
      numbers: [1],
      late: false,
      fallenDue: false,
    });
  });

  it('given an instalment due today, then it is that instalment, not late', () => {
    expect(amountDue(schedule, '2026-02-15')).toEqual({
      amount: 888_488,
      dueDate: '2026-02-15',
      numbers: [1],
      late: false,
      fallenDue: true,
    });
  });

  it('given two instalments fallen due and unpaid, then it is both together, late', () => {
    expect(amountDue(schedule, '2026-03-20')).toEqual({
      amount: 2 * 888_488,
      dueDate: '2026-02-15',
      numbers: [1, 2],
      late: true,
      fallenDue: true,
    });
  });

  it('given the first paid and the second part paid, then it is the second’s remainder', () => {
    const partly = [
      line(1, '2026-02-15', PAID),
      line(2, '2026-03-15', { paidInterest: 100_000, status: 'partial' }),
      line(3, '2026-04-15'),
    ];
    expect(amountDue(partly, '2026-03-01')).toEqual({
      amount: 788_488,
      dueDate: '2026-03-15',
      numbers: [2],
      late: false,
      fallenDue: false,
    });
  });

  it('given everything paid, then nothing is due', () => {
    expect(amountDue([line(1, '2026-02-15', PAID)], '2026-03-01')).toBeNull();
    expect(amountDue([], '2026-03-01')).toBeNull();
  });
});

describe('what is due now (what Due now shows and Pay offers)', () => {
  const schedule = [line(1, '2026-02-15'), line(2, '2026-03-15'), line(3, '2026-04-15')];

  it('given nothing has fallen due (the day of disbursal, a day inside period 1), then nothing is offered', () => {
    expect(dueNow(schedule, '2026-01-15')).toBeNull();
    expect(dueNow(schedule, '2026-02-14')).toBeNull();
  });

  it('given instalments 1 and 2 paid in advance, then nothing is due on their due dates', () => {
    const ahead = [line(1, '2026-02-15', PAID), line(2, '2026-03-15', { ...PAID, paidPrincipal: 788_488 }), line(3, '2026-04-15')];
    expect(dueNow(ahead, '2026-02-15')).toBeNull();
    expect(dueNow(ahead, '2026-03-23')).toBeNull();
  });

  it('given instalments fallen due, then exactly what is unpaid of them, never a later one', () => {
    expect(dueNow(schedule, '2026-02-15')).toMatchObject({ amount: 888_488, numbers: [1], late: false });
    const partly = [
      line(1, '2026-02-15', PAID),
      line(2, '2026-03-15', { paidInterest: 100_000, status: 'partial' }),
      line(3, '2026-04-15'),
    ];
    expect(dueNow(partly, '2026-03-20')).toMatchObject({ amount: 788_488, numbers: [2], late: true });
  });
});

describe('payment outcomes', () => {
  it('waits while the provider or a verifier has not decided', () => {
    expect(paymentOutcome('created')).toBe('waiting');
    expect(paymentOutcome('pending')).toBe('waiting');
    expect(isFinalPayment('pending')).toBe(false);
  });

  it('tells success, failure and a held payment apart', () => {
    expect(paymentOutcome('applied')).toBe('success');
    expect(paymentOutcome('failed')).toBe('failure');
    expect(paymentOutcome('rejected')).toBe('failure');
    expect(paymentOutcome('mismatched')).toBe('review');
    expect(paymentOutcome('reversed')).toBe('failure');
    expect(isFinalPayment('failed')).toBe(true);
  });
});

describe('value dates', () => {
  it('accepts a real day on or before the business date only', () => {
    expect(isCalendarDateOnOrBefore('2026-03-01', '2026-03-01')).toBe(true);
    expect(isCalendarDateOnOrBefore('2026-02-28', '2026-03-01')).toBe(true);
    expect(isCalendarDateOnOrBefore('2026-03-02', '2026-03-01')).toBe(false);
    expect(isCalendarDateOnOrBefore('2026-02-30', '2026-03-01')).toBe(false);
    expect(isCalendarDateOnOrBefore('01/03/2026', '2026-03-01')).toBe(false);
  });
});
