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

/** Minor units as the borrower reads money: ₹1,00,000.00 for INR 10000000. */
export const formatMoney = (minor: number, currency: string): string => new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(minor / 100);

export function loanEmailVariables(loan: LoanContact, borrowerName: string, options: { portalUrl: string; currency: string }): Record<string, string> {
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
    disbursedOn: loan.disbursedOn ?? '',
    firstDueDate: loan.firstDueDate ?? '',
  };
}

/** The variables an email takes from its loan event itself (the payment's amount and date, the closing date). */
export function eventEmailVariables(event: { type: string; data: Record<string, unknown> }, currency: string): Record<string, string> {
  switch (event.type) {
    case 'RepaymentApplied':
      return { amountPaid: formatMoney(Number(event.data.amount), currency), paidOn: String(event.data.valueDate ?? '') };
    case 'LoanClosed':
      return { closedOn: String(event.data.closedOn ?? '') };
    default:
      return {};
  }
}
