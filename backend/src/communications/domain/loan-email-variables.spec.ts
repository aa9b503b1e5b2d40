import { describe, expect, it } from '@jest/globals';
import { checkTemplate } from './template-rules.js';
import { eventEmailVariables } from './loan-email-variables.js';
import { eventForLoanEvent, templateEvent } from './template-events.js';

const loanId = '3f2a91c0-0000-4000-8000-000000000000';

describe('the variables a loan event adds to its email', () => {
  it('given a payment applied (money confirmed), then the payment-received email with the amount in rupees and its value date', () => {
    expect(eventForLoanEvent('RepaymentApplied')?.key).toBe('payment-received');
    expect(eventEmailVariables({ type: 'RepaymentApplied', data: { loanId, amount: 897_800, valueDate: '2026-12-04' } }, 'INR')).toEqual({
      amountPaid: '₹8,978.00',
      paidOn: '4 Dec 2026',
    });
  });

  it('given a payment only recorded (awaiting its checker), then no email event', () => {
    expect(eventForLoanEvent('PaymentRecorded')).toBeUndefined();
  });

  it('given a loan closed, then the loan-closed email with its closing date', () => {
    expect(eventForLoanEvent('LoanClosed')?.key).toBe('loan-closed');
    expect(eventEmailVariables({ type: 'LoanClosed', data: { loanId, closedOn: '2027-11-21' } }, 'INR')).toEqual({
      closedOn: '21 Nov 2027',
    });
  });

  it('given another loan event, then nothing of its own', () => {
    expect(eventEmailVariables({ type: 'LoanDisbursed', data: { loanId } }, 'INR')).toEqual({});
  });

  it('every variable it adds is in the catalogue of its template event', () => {
    for (const [type, key] of [
      ['RepaymentApplied', 'payment-received'],
      ['LoanClosed', 'loan-closed'],
    ] as const) {
      const names = Object.keys(eventEmailVariables({ type, data: { loanId, amount: 1, valueDate: 'd', closedOn: 'd' } }, 'INR'));
      const event = templateEvent(key)!;
      const text = names.map((n) => `{{${n}}}`).join(' ');
      expect(checkTemplate(event, { subject: 's', html: text, text })).toEqual([]);
    }
  });
});
