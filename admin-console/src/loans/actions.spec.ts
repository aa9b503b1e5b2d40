import type { AdminLoan } from '@lending/web-common/api';
import { describe, expect, it } from 'vitest';
import { ACTIONS, validateAction } from './actions';
import { availableActions, verifiedAccountLine } from './LoanActions';

describe('loan actions', () => {
  it('requires a reason to reject, and sends it', () => {
    expect(validateAction(ACTIONS.reject, {})).toEqual({ reason: 'Required' });
    expect(validateAction(ACTIONS.reject, { reason: '   ' })).toEqual({ reason: 'Required' });
    expect(validateAction(ACTIONS.reject, { reason: 'Fraud suspected' })).toEqual({});
    expect(ACTIONS.reject.body({ reason: ' Fraud suspected ' }, 'INR')).toEqual({ reason: 'Fraud suspected' });
  });

  it('checks the soft-check score and sends the approved amount in paise', () => {
    expect(validateAction(ACTIONS['approve-soft'], {})).toEqual({ score: 'Required' });
    expect(validateAction(ACTIONS['approve-soft'], { score: '250' }).score).toMatch(/300 to 900/);
    expect(validateAction(ACTIONS['approve-soft'], { score: '742' })).toEqual({});
    expect(ACTIONS['approve-soft'].body({ score: '742', approvedAmount: '75000', reason: '' }, 'INR')).toEqual({
      score: 742,
      approvedAmount: 7_500_000,
    });
    expect(ACTIONS['approve-soft'].body({ score: '742', reason: 'clean bureau' }, 'INR')).toEqual({ score: 742, reason: 'clean bureau' });
  });

  it('needs a payout reference to disburse; the date is optional', () => {
    expect(validateAction(ACTIONS.disburse, {})).toEqual({ payoutReference: 'Required' });
    expect(ACTIONS.disburse.body({ payoutReference: 'UTR1' }, 'INR')).toEqual({ payoutReference: 'UTR1' });
    expect(ACTIONS.disburse.body({ payoutReference: 'UTR1', disbursedOn: '2026-11-21' }, 'INR')).toEqual({
      payoutReference: 'UTR1',
      disbursedOn: '2026-11-21',
    });
    // The account paid, when given, goes with its IFSC for the server to check against the verified account.
    expect(validateAction(ACTIONS.disburse, { payoutReference: 'UTR1', payeeAccountNumber: '999988887777' })).toEqual({
      payeeIfsc: 'Required with the account number',
    });
    expect(validateAction(ACTIONS.disburse, { payoutReference: 'UTR1', payeeAccountNumber: '12ab' })).toMatchObject({
      payeeAccountNumber: 'An account number is 9 to 18 digits',
    });
    expect(ACTIONS.disburse.body({ payoutReference: 'UTR1', payeeAccountNumber: '999988887777', payeeIfsc: 'hdfc0001234' }, 'INR')).toEqual(
      {
        payoutReference: 'UTR1',
        payeeAccount: { accountNumber: '999988887777', ifsc: 'HDFC0001234' },
      },
    );
    expect(validateAction(ACTIONS['approve-bank'], { method: 'manual', reason: ' ' })).toEqual({
      reason: 'Say how you checked the account (required for a manual verification)',
    });
    expect(validateAction(ACTIONS['approve-bank'], { method: '' })).toEqual({ method: 'Required' });
    expect(validateAction(ACTIONS['approve-bank'], { method: 'penny-drop' })).toEqual({});
    expect(ACTIONS['approve-bank'].body({ method: 'penny-drop', reason: '' }, 'INR')).toEqual({ method: 'penny-drop' });
    expect(ACTIONS['approve-bank'].body({ method: 'manual', reason: 'Cancelled cheque seen' }, 'INR')).toEqual({
      method: 'manual',
      reason: 'Cancelled cheque seen',
    });
  });

  it('offers what the state allows and the staff member may do, never the borrower’s actions', () => {
    const loan = { allowedActions: ['approve-soft', 'reject', 'cancel'] as AdminLoan['allowedActions'] };
    expect(availableActions(loan, ['loans.soft.approve', 'loans.reject'])).toEqual(['approve-soft', 'reject']);
    expect(availableActions(loan, ['loans.reject'])).toEqual(['reject']);
    expect(availableActions(loan, ['loans.view'])).toEqual([]);
    expect(availableActions({ allowedActions: ['sign-agreement', 'cancel', 'reject'] as AdminLoan['allowedActions'] }, '*')).toEqual([
      'reject',
    ]);
  });

  it('names the verified account the payout must go to, or says there is none', () => {
    expect(
      verifiedAccountLine({ bankAccountLast4: '9012', bankVerification: { method: 'penny-drop', ifsc: 'HDFC0001234', reference: 'P-1' } }),
    ).toBe('Pay only to the verified account: ending 9012, IFSC HDFC0001234.');
    expect(verifiedAccountLine({ bankAccountLast4: null, bankVerification: null })).toBe(
      'No verified bank account on this loan: the payout will be refused.',
    );
  });
});
