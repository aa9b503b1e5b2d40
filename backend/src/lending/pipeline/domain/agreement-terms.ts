import { emiFor, emiSchedule } from '../../loan/domain/terms/emi-schedule.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { AgreementTerms } from '../../loan/domain/loan.types.js';
import type { ProductParameters } from '../../loan/domain/terms/product-parameters.js';

/**
 * The terms printed on the agreement and recorded in AgreementIssued. One function for the
 * PDF renderer and the decider, so the document signed and the event stored cannot differ.
 * Rate, tenure and fee come from the loan's own events, not today's parameters, so a change
 * of configuration never rewrites an application already in the pipeline.
 */
export function agreementTermsFor(loan: LoanRecord, params: Pick<ProductParameters, 'currency'>): AgreementTerms {
  const principal = loan.approvedAmount ?? loan.amount;
  const { annualRatePercent, tenureMonths, fee } = loan;
  const [instalmentAmount, totalInterest] =
    loan.loanType === 'EMI'
      ? [
          emiFor(principal, annualRatePercent, tenureMonths),
          emiSchedule({ principal, annualRatePercent, months: tenureMonths }).totalInterest,
        ]
      : // One repayment of principal and flat fee; the fee is a fee, not interest.
        [principal + fee, 0];
  return {
    principal,
    annualRatePercent,
    tenureMonths,
    fee,
    instalmentAmount,
    totalInterest,
    totalPayable: principal + totalInterest + fee,
    currency: params.currency,
  };
}
