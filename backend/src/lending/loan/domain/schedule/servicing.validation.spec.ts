import { describe, expect, it } from '@jest/globals';
import { IllegalTransition, InvalidLoanInput } from '../loan.errors.js';
import { EMI_LOAN, charged, paid, reversed } from './servicing-spec.helper.js';
import { PaymentAlreadyReversed, PaymentNotFound } from './servicing.errors.js';
import { checkCharge, checkRefund, checkRepayment, checkReversal, checkWaiver } from './servicing.validation.js';
import type { ServicingContext } from './servicing.validation.js';
import type { ServicingEvent } from './servicing.types.js';

const TERMS = EMI_LOAN;

function context(events: ServicingEvent[] = [], overrides: Partial<ServicingContext> = {}): ServicingContext {
  return { loanId: 'loan-1', loanStatus: 'active', terms: TERMS, events, businessDate: '2026-03-01', ...overrides };
}

function fieldsOf(run: () => unknown): string[] {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidLoanInput);
  return (thrown as InvalidLoanInput).fields.map((field) => field.name);
}

const payment = { paymentId: 'p1', amount: 888_488, valueDate: '2026-02-15' };

describe('checkRepayment', () => {
  it('accepts a payment on an active loan dated between the disbursal and today', () => {
    expect(checkRepayment(context(), payment)).toBe('apply');
    expect(checkRepayment(context(), { ...payment, valueDate: '2026-01-15' })).toBe('apply');
    expect(checkRepayment(context(), { ...payment, valueDate: '2026-03-01' })).toBe('apply');
  });

  it.each([
    [{ amount: 0 }, ['amount']],
    [{ amount: -5 }, ['amount']],
    [{ amount: 10.5 }, ['amount']],
    [{ valueDate: '2026-03-02' }, ['valueDate']],
    [{ valueDate: '2026-01-14' }, ['valueDate']],
    [{ valueDate: '2026-02-30' }, ['valueDate']],
    [{ paymentId: ' ', amount: 0, valueDate: 'soon' }, ['paymentId', 'amount', 'valueDate']],
  ])('refuses %p, naming %p', (change, fields) => {
    expect(fieldsOf(() => checkRepayment(context(), { ...payment, ...change }))).toEqual(fields);
  });

  it('says why a value date after the business date is refused', () => {
    let thrown: InvalidLoanInput | undefined;
    try {
      checkRepayment(context(), { ...payment, valueDate: '2026-03-02' });
    } catch (error) {
      thrown = error as InvalidLoanInput;
    }
    expect(thrown?.fields).toEqual([{ name: 'valueDate', message: 'valueDate must not be after the business date (2026-03-01)' }]);
  });

  it('answers already-applied for the same payment delivered twice, and refuses its id reused', () => {
    const events = [paid('p1', '2026-02-15', 888_488)];
    expect(checkRepayment(context(events), payment)).toBe('already-applied');
    expect(fieldsOf(() => checkRepayment(context(events), { ...payment, amount: 1 }))).toEqual(['paymentId']);
  });

  it.each(['disbursal.pending', 'rejected', 'closed'])('refuses a payment on a loan in state %s', (loanStatus) => {
    expect(() => checkRepayment(context([], { loanStatus }), payment)).toThrow(IllegalTransition);
  });

  it('refuses a payment on a loan the fold finds paid off', () => {
    const events = [paid('p1', '2026-02-01', 20_000_000)];
    expect(() => checkRepayment(context(events), { ...payment, paymentId: 'p2' })).toThrow(IllegalTransition);
  });
});

describe('checkReversal', () => {
  const events = [paid('p1', '2026-02-15', 888_488)];

  it('accepts reversing a payment that stands, on an active or a closed loan', () => {
    expect(() => checkReversal(context(events), { paymentId: 'p1', valueDate: '2026-02-20' })).not.toThrow();
    expect(() => checkReversal(context(events, { loanStatus: 'closed' }), { paymentId: 'p1', valueDate: '2026-02-20' })).not.toThrow();
  });

  it('refuses an unknown payment', () => {
    expect(() => checkReversal(context(events), { paymentId: 'nope', valueDate: '2026-02-20' })).toThrow(PaymentNotFound);
  });

  it('refuses a payment already reversed', () => {
    const error = (() => {
      try {
        checkReversal(context([...events, reversed('p1', '2026-02-18')]), { paymentId: 'p1', valueDate: '2026-02-20' });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(PaymentAlreadyReversed);
    expect((error as PaymentAlreadyReversed).details).toEqual({ loanId: 'loan-1', paymentId: 'p1', reversedOn: '2026-02-18' });
  });

  it('refuses a reversal dated before the payment or after today', () => {
    expect(fieldsOf(() => checkReversal(context(events), { paymentId: 'p1', valueDate: '2026-02-14' }))).toEqual(['valueDate']);
    expect(fieldsOf(() => checkReversal(context(events), { paymentId: 'p1', valueDate: '2026-03-02' }))).toEqual(['valueDate']);
  });
});

describe('checkCharge and checkWaiver', () => {
  it('a charge names an instalment of the loan and a whole positive amount', () => {
    expect(() =>
      checkCharge(context(), { chargeId: 'c1', instalmentNumber: 1, kind: 'penalty', amount: 50_000, valueDate: '2026-02-20' }),
    ).not.toThrow();
    expect(
      fieldsOf(() => checkCharge(context(), { chargeId: 'c1', instalmentNumber: 13, kind: 'penalty', amount: 0, valueDate: '2026-02-20' })),
    ).toEqual(['instalmentNumber', 'amount']);
  });

  it('a waiver takes off no more than is owed, and no interest that is not due yet', () => {
    const events = [charged('c1', '2026-02-20', 1, 'penalty', 50_000)];
    const waiver = { waiverId: 'w1', instalmentNumber: 1, component: 'penalties' as const, amount: 50_000, valueDate: '2026-02-21' };
    expect(() => checkWaiver(context(events), waiver)).not.toThrow();
    expect(fieldsOf(() => checkWaiver(context(events), { ...waiver, amount: 50_001 }))).toEqual(['amount']);
    expect(fieldsOf(() => checkWaiver(context(events), { ...waiver, instalmentNumber: 3, component: 'interest', amount: 100 }))).toEqual([
      'component',
    ]);
  });
});

describe('checkRefund', () => {
  it('refunds at most the credit balance held', () => {
    const events = [paid('p1', '2026-02-01', 10_100_000)];
    // Payoff on 1 Feb: 1,00,000.00 + 1,000.00 × 17 / 31 = 1,00,548.39; 451.61 is held.
    const closed = context(events, { loanStatus: 'closed' });
    expect(() => checkRefund(closed, { refundId: 'r1', amount: 45_161, valueDate: '2026-02-05' })).not.toThrow();
    expect(fieldsOf(() => checkRefund(closed, { refundId: 'r1', amount: 45_162, valueDate: '2026-02-05' }))).toEqual(['amount']);
  });
});
