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
  it('when a borrower exits in the cooling-off period: the amount, the deadline and what it is made of', () => {
    expect(
      storyOf(
        event('CoolingOffExitRequested', {
          amount: 10_004_110,
          principal: 10_000_000,
          interest: 4_110,
          fee: 0,
          alreadyPaid: 0,
          daysHeld: 1,
          lastDay: '2026-11-24',
        }),
        ctx('Asha Rao (borrower)'),
      ),
    ).toBe(
      'Cooling-off exit asked for by Asha Rao (borrower): ₹1,00,041.10 to pay by 24 Nov 2026 (₹1,00,000.00 principal, ₹41.10 interest for 1 day)',
    );
    expect(storyOf(event('LoanExitedInCoolingOff', { amountPaid: 10_004_110, on: '2026-11-23' }), ctx('Payment provider'))).toBe(
      'Loan exited in the cooling-off period on 23 Nov 2026: ₹1,00,041.10 paid, nothing else owed',
    );
  });

  it('when a loan is collected by auto-debit: the mandate, each presentation, a bounce and its charge in words', () => {
    expect(
      storyOf(
        event('MandateRegistrationStarted', { kind: 'e-nach', maxAmount: 2_000_000, validFrom: '2026-11-21', validUntil: '2027-11-21' }),
        ctx('Asha Rao (borrower)'),
      ),
    ).toBe('e-NACH mandate registration started by Asha Rao (borrower): up to ₹20,000.00, 21 Nov 2026 to 21 Nov 2027');
    expect(
      storyOf(event('InstalmentPresented', { amount: 888_488, instalmentNumber: 2, attempt: 1, presentedOn: '2026-12-15' }), ctx('System')),
    ).toBe('₹8,884.88 presented for instalment 2 (attempt 1) on 15 Dec 2026');
    expect(
      storyOf(
        event('PresentationBounced', { reason: 'Insufficient funds', reasonCode: 'INSUFFICIENT_FUNDS', nextAttemptOn: '2026-12-18' }),
        ctx('Provider'),
      ),
    ).toBe('Auto-debit bounced: Insufficient funds (INSUFFICIENT_FUNDS); presented again on 18 Dec 2026');
    expect(storyOf(event('BounceChargeApplied', { amount: 50_000, instalmentNumber: 2 }), ctx('System'))).toBe(
      'Bounce charge of ₹500.00 on instalment 2',
    );
    expect(
      storyOf(event('InstalmentSentToManualCollection', { instalmentNumber: 2, detail: 'Three presentations bounced.' }), ctx('System')),
    ).toBe('Instalment 2 to be paid by the borrower, not by auto-debit: Three presentations bounced.');
    expect(storyOf(event('MandateCancelled', { cause: 'cancelled-at-bank' }), ctx('Provider'))).toBe(
      'Mandate cancelled: the borrower cancelled it at their bank',
    );
  });
});
