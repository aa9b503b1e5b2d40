import { describe, expect, it } from 'vitest';
import { validateAction } from '../loans/actions';
import { canAccess } from '../permissions/canAccess';
import { offeredPaymentActions, PAYMENT_ACTIONS } from './paymentActions';
import { paymentOf, recordPaymentSpec, refundSpec } from './recordPayment';

const CHECKER = ['loans.view', 'payments.record', 'payments.verify'];

describe('recording a payment', () => {
  const spec = recordPaymentSpec('INR', '2026-03-01', 888_488);
  const defaults = Object.fromEntries(spec.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue!]));

  it('given what is due and the business date, then the form opens with them and cash, ready to send', () => {
    expect(defaults).toEqual({ amount: '8884.88', method: 'cash', paidOn: '2026-03-01', extra: 'product' });
    expect(validateAction(spec, defaults)).toEqual({});
    expect(spec.body(defaults, 'INR')).toEqual({
      amount: 888_488,
      method: 'cash',
      paidOn: '2026-03-01',
      reference: '',
      reducePrincipal: false,
    });
  });

  it('asks for a reference for every method but cash', () => {
    expect(validateAction(spec, { ...defaults, method: 'cheque' })).toEqual({ reference: 'Required for Cheque' });
    expect(validateAction(spec, { ...defaults, method: 'upi', reference: 'UPI-1' })).toEqual({});
  });

  it('sends paise, the method, the value date and the reference', () => {
    expect(spec.body({ ...defaults, amount: '2,500.50', method: 'upi', reference: ' UPI-42 ' }, 'INR')).toEqual({
      amount: 250_050,
      method: 'upi',
      paidOn: '2026-03-01',
      reference: 'UPI-42',
      reducePrincipal: false,
    });
  });

  it('carries "pay extra to reduce principal" when staff choose it, and the preview reads the same values', () => {
    expect(spec.body({ ...defaults, extra: 'principal' }, 'INR')).toMatchObject({ reducePrincipal: true });
    expect(paymentOf({ ...defaults, extra: 'principal' }, 'INR')).toEqual({ amount: 888_488, paidOn: '2026-03-01', reducePrincipal: true });
    expect(paymentOf({ ...defaults, amount: '0' }, 'INR')).toBeNull();
  });

  it('refuses an amount of zero, a fraction of a paisa or words, and a date after the business date', () => {
    const valid = { ...defaults, reference: 'R1' };
    expect(validateAction(spec, { ...valid, amount: '0' })).toEqual({ amount: 'More than zero' });
    expect(validateAction(spec, { ...valid, amount: '10.001' }).amount).toMatch(/at most 2 decimals/);
    expect(validateAction(spec, { ...valid, amount: 'ten' }).amount).toMatch(/An amount in rupees/);
    expect(validateAction(spec, { ...valid, paidOn: '2026-03-02' })).toEqual({ paidOn: 'A date on or before 1 Mar 2026' });
    expect(validateAction(spec, { ...valid, paidOn: '2026-02-27' })).toEqual({});
  });

  it('given nothing due, then the amount is left for staff to type', () => {
    expect(recordPaymentSpec('INR', '2026-03-01', null).fields[0].defaultValue).toBeUndefined();
  });

  it('refunds at most the credit balance', () => {
    const refund = refundSpec('INR', 50_000);
    expect(refund.fields[0].defaultValue).toBe('500.00');
    expect(validateAction(refund, { amount: '500.01' })).toEqual({ amount: 'At most ₹500.00' });
    expect(refund.body({ amount: '250' }, 'INR')).toEqual({ amount: 25_000 });
  });
});

describe('what a staff member may do to a payment', () => {
  const pending = { status: 'pending' as const, recordedBy: 'maker' };

  it('offers Verify to a checker who did not record it, never to the maker', () => {
    expect(offeredPaymentActions(pending, 'checker', CHECKER)).toEqual(['verify', 'reject']);
    expect(offeredPaymentActions(pending, 'maker', CHECKER)).toEqual(['reject']);
  });

  it('offers nothing to staff who may only look', () => {
    expect(offeredPaymentActions(pending, 'checker', ['loans.view'])).toEqual([]);
    expect(offeredPaymentActions({ status: 'applied' }, 'checker', ['loans.view'])).toEqual([]);
  });

  it('offers Reverse on an applied payment, and its approval only to someone other than who asked', () => {
    expect(offeredPaymentActions({ status: 'applied' }, 'maker', CHECKER)).toEqual(['reverse']);
    expect(offeredPaymentActions({ status: 'applied', reversalRequestedBy: 'maker' }, 'maker', CHECKER)).toEqual(['reject-reversal']);
    expect(offeredPaymentActions({ status: 'applied', reversalRequestedBy: 'maker' }, 'checker', CHECKER)).toEqual([
      'approve-reversal',
      'reject-reversal',
    ]);
  });

  it('offers nothing on a final payment', () => {
    for (const status of ['rejected', 'failed', 'reversed', 'created', 'mismatched'] as const)
      expect(offeredPaymentActions({ status }, 'checker', CHECKER)).toEqual([]);
  });

  it('asks for a reason to reject or reverse', () => {
    expect(validateAction(PAYMENT_ACTIONS.reject, {})).toEqual({ reason: 'Required' });
    expect(validateAction(PAYMENT_ACTIONS.reverse, { reason: 'Cheque bounced' })).toEqual({});
    expect(PAYMENT_ACTIONS.reverse.body({ reason: ' Cheque bounced ' }, 'INR')).toEqual({ reason: 'Cheque bounced' });
  });

  it('maps payment permissions as the server checks them', () => {
    expect(canAccess(['loans.view'], 'list', 'Payments')).toBe(true);
    expect(canAccess(['loans.view'], 'record', 'payments')).toBe(false);
    expect(canAccess(['payments.record'], 'record', 'payments')).toBe(true);
    expect(canAccess(['payments.record'], 'verify', 'payments')).toBe(false);
    expect(canAccess(['payments.verify'], 'verify', 'payments')).toBe(true);
  });
});
