import { describe, expect, it } from 'vitest';
import type { LoanHistoryEntry } from '@lending/web-common/api';
import { staffIdsInData, storyOf, type StoryContext } from './history-story';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const ctx = (actor: string): StoryContext => ({
  currency: 'INR',
  actor,
  staffName: (id) => (id === 'collector-1' ? 'Kavya Iyer' : 'a staff member'),
  productName: (id) => (id === PRODUCT ? 'Personal loan, version 1' : null),
});
const event = (type: LoanHistoryEntry['type'], data: Record<string, unknown> = {}) => ({
  type,
  data: { loanId: 'loan-1', at: '2026-11-21T10:00:00Z', ...data },
});

describe('a loan event as a sentence', () => {
  it('when a loan is applied for and approved: who, how much in rupees, the product by name', () => {
    expect(
      storyOf(
        event('LoanApplicationStarted', { loanType: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: PRODUCT }),
        ctx('Asha Rao (borrower)'),
      ),
    ).toBe('Application started by Asha Rao (borrower) for ₹1,00,000.00 over 12 months under Personal loan, version 1');
    expect(
      storyOf(
        event('LoanApplicationStarted', { loanType: 'salaryAdvance', amount: 3_000_000, tenureMonths: 1 }),
        ctx('Asha Rao (borrower)'),
      ),
    ).toBe('Application started by Asha Rao (borrower) for a salary advance of ₹30,000.00');
    expect(storyOf(event('SoftCheckApproved', { score: 742, approvedAmount: 5_000_000, fee: 0 }), ctx('Asha'))).toBe(
      'Soft check approved by Asha for ₹50,000.00 (credit score 742)',
    );
    expect(storyOf(event('BankVerificationApproved', { bankAccountLast4: '9012', method: 'penny-drop' }), ctx('Rohan Mehta'))).toBe(
      'Bank account •••• 9012 verified by penny drop by Rohan Mehta',
    );
    expect(
      storyOf(
        event('AgreementIssued', { documentHash: 'ab', terms: { principal: 10_000_000, annualRatePercent: 14, tenureMonths: 12 } }),
        ctx('Rohan Mehta'),
      ),
    ).toBe('Agreement issued by Rohan Mehta for ₹1,00,000.00 at 14 % a year over 12 months');
  });

  it('when money moves: calendar dates as dates (no time zone shifts them), amounts from paise, the provider as actor', () => {
    expect(
      storyOf(event('LoanDisbursed', { payoutReference: 'UTR1', disbursedOn: '2026-11-21', schedule: [{}, {}, {}] }), ctx('Rohan Mehta')),
    ).toBe('Money sent by Rohan Mehta on 21 Nov 2026 (payout reference UTR1), 3 instalments fixed');
    expect(
      storyOf(
        event('RepaymentApplied', { paymentId: 'p', amount: 887_500, valueDate: '2026-12-01', method: 'online' }),
        ctx('Payment provider (sandbox)'),
      ),
    ).toBe('Online payment of ₹8,875.00 applied, value date 1 Dec 2026, confirmed by Payment provider (sandbox)');
    expect(
      storyOf(
        event('PaymentRecorded', { paymentId: 'p', amount: 100_000, paidOn: '2026-12-01', method: 'cash', reference: 'R-7' }),
        ctx('Rohan Mehta'),
      ),
    ).toBe('Cash payment of ₹1,000.00 paid on 1 Dec 2026 recorded by Rohan Mehta (reference R-7), awaiting verification');
    expect(
      storyOf(
        event('InstalmentWentOverdue', { instalmentNumber: 2, dueDate: '2026-12-21', date: '2026-12-24', amountOverdue: 887_500 }),
        ctx('Close of business'),
      ),
    ).toBe('Instalment 2 went overdue on 24 Dec 2026 with ₹8,875.00 unpaid');
    expect(
      storyOf(event('LoanSettled', { offerId: 'o', amountPaid: 5_000_000, waived: { total: 1_234_500 }, on: '2027-01-05' }), ctx('x')),
    ).toBe('Loan settled on 5 Jan 2027: ₹50,000.00 paid, ₹12,345.00 waived');
  });

  it('when collections work on a loan: the collector by name, the outcome in words', () => {
    const assigned = event('CollectorAssigned', { staffId: 'collector-1', by: 'x' });
    expect(staffIdsInData(assigned)).toEqual(['collector-1']);
    expect(storyOf(assigned, ctx('Rohan Mehta'))).toBe('Assigned to collector Kavya Iyer by Rohan Mehta');
    expect(
      storyOf(
        event('CollectionContactRecorded', {
          channel: 'call',
          outcome: 'promised-to-pay',
          promiseToPayOn: '2026-12-28',
          note: '',
          businessDate: '2026-12-24',
          by: 'x',
        }),
        ctx('Kavya Iyer'),
      ),
    ).toBe('Contact by a call recorded by Kavya Iyer: promised to pay for 28 Dec 2026');
    expect(staffIdsInData(event('LoanApplicationSubmitted'))).toEqual([]);
  });
});
