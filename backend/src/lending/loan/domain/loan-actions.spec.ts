import { describe, expect, it } from '@jest/globals';
import { allowedActions, commandAction } from './loan-actions.js';

describe('allowedActions', () => {
  it('lists both sides by default', () => {
    expect(allowedActions('new')).toEqual(['amend', 'submit', 'cancel', 'reject']);
    expect(allowedActions('consent.customerpending')).toEqual(['sign-agreement', 'reject', 'cancel']);
  });

  it("filters to one side's actions", () => {
    expect(allowedActions('new', 'borrower')).toEqual(['amend', 'submit', 'cancel']);
    expect(allowedActions('new', 'staff')).toEqual(['reject']);
    expect(allowedActions('soft.pending', 'staff')).toEqual(['approve-soft', 'reject']);
    expect(allowedActions('soft.pending', 'borrower')).toEqual(['cancel']);
  });

  it('allows nothing once the pipeline has ended, or before a loan exists', () => {
    for (const status of ['active', 'rejected', 'cancelled', 'none'] as const) {
      expect(allowedActions(status)).toEqual([]);
    }
  });

  it('hands out copies, so callers cannot change the table', () => {
    allowedActions('applied').push('disburse');
    expect(allowedActions('applied')).toEqual(['accept', 'reject', 'cancel']);
  });
});

describe('commandAction', () => {
  it('names the API action of a command', () => {
    expect(commandAction('ApproveSoftCheck')).toBe('approve-soft');
    expect(commandAction('GrantFinalApproval')).toBe('approve-final');
    expect(commandAction('CancelLoan')).toBe('cancel');
  });
});
