import { describe, expect, it } from '@jest/globals';
import { bureauReportCsv } from './bureau-report.js';

describe('the validation report as CSV', () => {
  it('has one line per problem, quotes what needs quoting and defuses a leading formula character', () => {
    const csv = bureauReportCsv([
      {
        loanId: 'loan-1',
        loanType: 'EMI',
        borrowerId: 'b-1',
        borrowerName: '=HYPERLINK("x")',
        problems: [
          { field: 'pan', reason: 'missing' },
          { field: 'address.pinCode', reason: 'must be 6 digits, not starting with 0' },
        ],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'loanId,borrowerId,borrowerName,field,reason',
      `loan-1,b-1,"'=HYPERLINK(""x"")",pan,missing`,
      `loan-1,b-1,"'=HYPERLINK(""x"")",address.pinCode,"must be 6 digits, not starting with 0"`,
      '',
    ]);
  });

  it('is the header alone when every record was reported', () => {
    expect(bureauReportCsv([])).toBe('loanId,borrowerId,borrowerName,field,reason\r\n');
  });
});
