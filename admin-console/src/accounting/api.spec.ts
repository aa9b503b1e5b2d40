import { describe, expect, it } from 'vitest';
import { draftTotals, entrySource, paiseOf } from './api';

describe('the manual entry form', () => {
  it('reads rupees as typed into paise, refusing more than two decimals', () => {
    expect(paiseOf('1,234.5')).toBe(123_450);
    expect(paiseOf('10')).toBe(1_000);
    expect(paiseOf('')).toBe(0);
    expect(paiseOf('1.234')).toBeNaN();
    expect(paiseOf('-5')).toBeNaN();
  });

  it('totals the lines as typed and lets a balanced entry of two lines or more go', () => {
    const lines = [
      { accountCode: '1010', debit: '5000', credit: '' },
      { accountCode: '3100', debit: '', credit: '4000' },
    ];
    expect(draftTotals(lines)).toEqual({ debit: 500_000, credit: 400_000, problem: 'Debits and credits differ' });
    expect(draftTotals([lines[0], { ...lines[1], credit: '5000' }])).toEqual({ debit: 500_000, credit: 500_000, problem: null });
    expect(draftTotals([lines[0]]).problem).toBe('An entry has at least two lines');
    expect(draftTotals([{ accountCode: '1010', debit: '5', credit: '5' }, lines[1]]).problem).toMatch(/^Line 1: a debit or a credit/);
    expect(draftTotals([{ debit: '5000' }, { ...lines[1], credit: '5000' }]).problem).toBe('Line 1: choose an account');
  });
});

describe('journal entry kinds', () => {
  it('names an entry by its kind: the event, a re-allocation, a manual entry, close of business', () => {
    expect(entrySource({ kind: 'event', eventType: 'RepaymentApplied' })).toBe('RepaymentApplied');
    expect(entrySource({ kind: 'reallocation', eventType: 'RepaymentApplied' })).toBe('RepaymentApplied (re-allocation)');
    expect(entrySource({ kind: 'manual', eventType: 'ManualJournalEntryApproved' })).toBe('ManualJournalEntryApproved');
    expect(entrySource({ kind: 'close-of-business', eventType: 'BusinessDayClosed' })).toBe('Close of business (accrual, provisions)');
  });
});
