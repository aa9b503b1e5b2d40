import { formatDate, formatMoney } from '../../platform/format/format.js';

/** The values a loan email's template sees, from communications' copy of the loan (pure). */
export type LoanContact = {
  loanId: string;
  loanType: string;
  amount: number;
  tenureMonths: number;
  annualRatePercent: number;
  instalmentAmount: number | null;
  payoutReference: string | null;
  disbursedOn: string | null;
  firstDueDate: string | null;
};

export function loanEmailVariables(
  loan: LoanContact,
  borrowerName: string,
  options: { portalUrl: string; currency: string },
): Record<string, string> {
  return {
    borrowerName,
    portalUrl: options.portalUrl,
    loanReference: loan.loanId.slice(0, 8).toUpperCase(),
    loanType: loan.loanType === 'salaryAdvance' ? 'Salary advance' : 'EMI loan',
    amount: formatMoney(loan.amount, options.currency),
    loanUrl: `${options.portalUrl}/User/Loans/${loan.loanId}`,
    tenureMonths: String(loan.tenureMonths),
    annualRatePercent: String(loan.annualRatePercent),
    instalmentAmount: loan.instalmentAmount === null ? '' : formatMoney(loan.instalmentAmount, options.currency),
    payoutReference: loan.payoutReference ?? '',
    disbursedOn: loan.disbursedOn ? formatDate(loan.disbursedOn) : '',
    firstDueDate: loan.firstDueDate ? formatDate(loan.firstDueDate) : '',
  };
}

/** The variables an email takes from its loan event itself (the payment's amount and date, the closing date). */
export function eventEmailVariables(event: { type: string; data: Record<string, unknown> }, currency: string): Record<string, string> {
  switch (event.type) {
    case 'RepaymentApplied':
      return {
        amountPaid: formatMoney(Number(event.data.amount), currency),
        paidOn: event.data.valueDate ? formatDate(String(event.data.valueDate)) : '',
      };
    case 'LoanClosed':
      return { closedOn: event.data.closedOn ? formatDate(String(event.data.closedOn)) : '' };
    default:
      return {};
  }
}
