import { describe, expect, it } from 'vitest';
import { applyPath } from './apply';

describe('where Apply leads', () => {
  it('given a visitor with no session, when they apply for either loan, then quick start begins', () => {
    expect(applyPath(false, 'EMI')).toBe('/quickStart');
    expect(applyPath(false, 'salaryAdvance')).toBe('/quickStart');
  });

  it('given a signed-in borrower, when they apply, then the application of that type starts', () => {
    expect(applyPath(true, 'EMI')).toBe('/User/newLoan/Emi');
    expect(applyPath(true, 'salaryAdvance')).toBe('/User/newLoan/salaryAdvance');
  });
});
