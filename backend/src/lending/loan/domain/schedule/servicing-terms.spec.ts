import { describe, expect, it } from '@jest/globals';
import { historyTo } from '../loan-history.fixture.js';
import { replay } from '../loan.state.js';
import type { LoanRecord } from '../loan.state.js';
import { serviceLoan } from './loan-servicing.js';
import { servicingTermsFor } from './servicing-terms.js';

const disbursed = (loanType: 'EMI' | 'salaryAdvance') => replay(historyTo('active', loanType)) as LoanRecord;

describe('servicingTermsFor', () => {
  it.each(['EMI', 'salaryAdvance'] as const)('rebuilds the schedule fixed in LoanDisbursed for %s', (loanType) => {
    const loan = disbursed(loanType);
    const view = serviceLoan(servicingTermsFor(loan), []);
    // A salary advance's schedule line carries its fee in the interest column; servicing shows it as a fee.
    expect(
      view.instalments.map((i) => ({
        number: i.number,
        dueDate: i.dueDate,
        principal: i.principal,
        interest: loanType === 'EMI' ? i.interest : i.fees,
      })),
    ).toEqual(loan.schedule!.map(({ number, dueDate, principal, interest }) => ({ number, dueDate, principal, interest })));
    expect(view.instalments[0]!.fees).toBe(loan.fee);
  });

  it('defaults to mifos-standard and reduceTenure', () => {
    expect(servicingTermsFor(disbursed('EMI'))).toMatchObject({ strategy: 'mifos-standard', prepaymentMode: 'reduceTenure' });
  });

  it('refuses a loan not yet disbursed', () => {
    expect(() => servicingTermsFor(replay(historyTo('final.pending', 'EMI')) as LoanRecord)).toThrow(/not been disbursed/);
  });
});
