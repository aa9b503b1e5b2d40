import { describe, expect, it } from '@jest/globals';
import { endCauseInWords, noticeOf } from './auto-debit-notices.js';

const LOAN = '3f2a91c0-0000-4000-8000-000000000000';

describe('auto-debit notices: which notice an event calls for', () => {
  it('given a pre-debit notification, when its notice is keyed, then it is about the presentation it announces', () => {
    expect(
      noticeOf({ type: 'PreDebitNotified', data: { loanId: LOAN, instalmentNumber: 3, attempt: 2, amount: 100, debitOn: '2026-12-21' } }),
    ).toEqual({
      about: `${LOAN}-i3-a2`,
      kind: 'pre-debit',
    });
  });

  it('given a bounce, when its notice is keyed, then it is about the presentation that bounced', () => {
    expect(noticeOf({ type: 'PresentationBounced', data: { loanId: LOAN, presentationId: `${LOAN}-i1-a1`, reasonCode: 'X' } })).toEqual({
      about: `${LOAN}-i1-a1`,
      kind: 'bounced',
    });
  });

  it('given a cancelled mandate, when its notice is keyed, then it is about the mandate', () => {
    expect(noticeOf({ type: 'MandateCancelled', data: { loanId: LOAN, mandateId: 'm-1', cause: 'borrower-request' } })).toEqual({
      about: 'm-1',
      kind: 'mandate-ended',
    });
  });

  it('given any other event, then it calls for no notice', () => {
    expect(noticeOf({ type: 'InstalmentPresented', data: { loanId: LOAN } })).toBeUndefined();
  });
});

describe('auto-debit notices: why a mandate ended, in words', () => {
  it.each([
    ['borrower-request', 'cancelled at your request'],
    ['cancelled-at-bank', 'cancelled at your bank'],
    ['account-closed', 'your bank account is closed'],
    ['loan-closed', 'your loan is repaid and closed'],
    ['loan-settled', 'your loan is settled'],
    ['loan-written-off', 'your loan was written off'],
    ['something new', 'cancelled'],
  ])('given the cause %s, then the borrower reads "%s"', (cause, words) => {
    expect(endCauseInWords(cause)).toBe(words);
  });

  it("given staff's cause with their reason, then the borrower reads that we cancelled it, not staff's reason", () => {
    expect(endCauseInWords('staff: borrower disputes the debits, internal note')).toBe('cancelled by us');
  });
});
