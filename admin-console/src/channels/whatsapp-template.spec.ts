import { describe, expect, it } from 'vitest';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { parameterLabel, prefilledParameters, templateLabel, templatePreview, whatsappValues } from './whatsapp-template';

const instalment = (status: 'paid' | 'partial' | 'upcoming', paid = 0) => ({
  number: 1,
  dueDate: '2026-12-21',
  principal: 800_000,
  interest: 87_500,
  fees: 0,
  penalties: 0,
  paidPrincipal: paid,
  paidInterest: 0,
  paidFees: 0,
  paidPenalties: 0,
  paidOn: null,
  status,
});
const loan = (over: Partial<Loan> = {}) =>
  ({
    id: '3f2a91c0-1111-4a4a-8b8b-000000000001',
    borrower: { id: 'b', name: 'Asha Rao', email: 'a@x', phone: '+919800000001' },
    currency: 'INR',
    arrears: null,
    instalments: [],
    instalmentAmount: null,
    approvedAmount: null,
    amount: 10_000_000,
    ...over,
  }) as Loan;

describe('WhatsApp templates from the loan page', () => {
  it('shows a template by a readable name and its parameters by what they hold', () => {
    expect(templateLabel('payment_reminder')).toBe('Payment reminder');
    expect(templateLabel('overdue_notice')).toBe('Overdue notice');
    expect(parameterLabel('name')).toBe('Borrower’s name');
    expect(parameterLabel('loanReference')).toBe('Loan reference');
  });

  it('given an active loan with arrears, prefills the name, the amount due now and the loan reference', () => {
    const values = whatsappValues(
      loan({
        arrears: { amountDueNow: 887_500, asOf: '2026-12-24', chargesDue: 0, daysOverdue: 3, overdueAmount: 887_500 },
        instalmentAmount: 887_500,
      }),
    );
    expect(values).toEqual({ name: 'Asha Rao', amount: '₹8,875.00', loanReference: '3F2A91C0' });
    expect(prefilledParameters(['name', 'amount', 'loanReference'], values)).toEqual(['Asha Rao', '₹8,875.00', '3F2A91C0']);
    expect(prefilledParameters(['name', 'promiseDate'], values)).toEqual(['Asha Rao', '']);
  });

  it('given nothing due yet, the rest of the next unpaid instalment; before disbursal, the amount applied for', () => {
    expect(
      whatsappValues(
        loan({
          instalments: [instalment('paid', 800_000), instalment('partial', 300_000)] as Loan['instalments'],
          instalmentAmount: 887_500,
        }),
      ).amount,
    ).toBe('₹5,875.00');
    expect(whatsappValues(loan()).amount).toBe('₹1,00,000.00');
  });

  it('previews the message with the values filled in, and names what is still missing', () => {
    expect(
      templatePreview('Hello {{1}}, {{2}} is due on loan {{3}}.', ['name', 'amount', 'loanReference'], ['Asha Rao', '', '3F2A91C0']),
    ).toBe('Hello Asha Rao, [Amount] is due on loan 3F2A91C0.');
  });
});
