import { describe, expect, it } from '@jest/globals';
import { pushForLoanEvent, pushForReminder, tokenTail } from './push.js';

const context = { currency: 'INR', portalUrl: 'https://portal.test' };
const loanId = '3f2a91c0-0000-4000-8000-000000000000';

describe('a loan event becomes a push', () => {
  it('given a disbursal, then "Money sent" with the payout reference and the loan page', () => {
    expect(pushForLoanEvent({ type: 'LoanDisbursed', data: { loanId, payoutReference: 'UTR-9' } }, context)).toEqual({
      topic: 'loan-disbursed',
      title: 'Money sent',
      body: 'Loan 3F2A91C0 was paid out to your bank account (reference UTR-9).',
      link: `https://portal.test/User/Loans/${loanId}`,
    });
  });

  it('given a payment applied, then the amount in rupees from minor units', () => {
    const push = pushForLoanEvent({ type: 'RepaymentApplied', data: { loanId, amount: 897_800 } }, context);
    expect(push?.body).toBe('We received ₹8,978.00 for loan 3F2A91C0. Thank you.');
  });

  it('given an instalment gone overdue, then the pay link and the amount overdue', () => {
    const push = pushForLoanEvent({ type: 'InstalmentWentOverdue', data: { loanId, instalmentNumber: 3, amountOverdue: 100_00 } }, context);
    expect(push).toMatchObject({ topic: 'instalment-overdue', link: `https://portal.test/User/Loans/${loanId}#pay` });
    expect(push?.body).toContain('Instalment 3 of loan 3F2A91C0 (₹100.00) is overdue');
  });

  it.each(['AgreementIssued', 'FinalApprovalGranted', 'LoanClosed', 'LoanRejected'])('given %s, then a push with a title', (type) => {
    expect(pushForLoanEvent({ type, data: { loanId } }, context)?.title).toEqual(expect.any(String));
  });

  it('given an event borrowers are not told about, then none', () => {
    expect(pushForLoanEvent({ type: 'PenalChargeApplied', data: { loanId } }, context)).toBeUndefined();
    expect(pushForLoanEvent({ type: 'LoanApplicationStarted', data: { loanId } }, context)).toBeUndefined();
  });
});

describe('a reminder becomes a push', () => {
  it('given due soon, then the due date and the amount due', () => {
    expect(pushForReminder({ loanId, kind: 'due-soon', instalmentNumber: 2, dueDate: '2026-12-05', amountDue: 8_978_00 }, context)).toEqual(
      {
        topic: 'instalment-due-soon',
        title: 'Instalment due soon',
        body: 'Instalment 2 of loan 3F2A91C0 (₹8,978.00) is due on 5 Dec 2026.',
        link: `https://portal.test/User/Loans/${loanId}#pay`,
      },
    );
  });

  it('given overdue, then "still unpaid"', () => {
    expect(pushForReminder({ loanId, kind: 'overdue', instalmentNumber: 2, dueDate: '2026-12-05', amountDue: 1 }, context).body).toContain(
      'still unpaid',
    );
  });
});

it('the log shows only the last six characters of a token', () => {
  expect(tokenTail('abcdefghijklmnop')).toBe('…klmnop');
});
