import { describe, expect, it } from '@jest/globals';
import { borrowerMessageFor } from './borrower-notifications.js';

describe('what the borrower is told', () => {
  it('given a mandate cancelled because the borrower exited in the cooling-off period, then they are not told to pay instalments', () => {
    const message = borrowerMessageFor({ type: 'MandateCancelled', data: { cause: 'cooling-off-exit' } });
    expect(message).toBe(
      'You exited your loan in the cooling-off period, so its auto-debit mandate is cancelled: nothing more will be debited.',
    );
  });

  it('given a mandate the borrower cancelled, then they are told to pay each instalment themselves', () => {
    expect(borrowerMessageFor({ type: 'MandateCancelled', data: { cause: 'borrower-request' } })).toBe(
      'Your auto-debit mandate is cancelled. Please pay each instalment from your loan page by its due date.',
    );
  });

  it('given a loan event, then its own message', () => {
    expect(borrowerMessageFor({ type: 'LoanDisbursed', data: {} })).toBe(
      'Your loan has been paid out. Your repayment schedule is now in your account.',
    );
  });
});
