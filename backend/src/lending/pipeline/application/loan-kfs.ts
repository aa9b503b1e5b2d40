import type { AppConfig } from '../../../platform/config/config.js';
import { agreementTermsFor } from '../domain/agreement-terms.js';
import { emiSchedule } from '../../loan/domain/terms/emi-schedule.js';
import { keyFactStatement, type KeyFactStatement } from '../domain/kfs/key-fact-statement.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { AgreementTerms, ScheduleLine } from '../../loan/domain/loan.types.js';

/** Due dates are fixed at disbursal, so the agreement shows the schedule by month after payout. */
export function indicativeSchedule(loan: LoanRecord, terms: AgreementTerms): ScheduleLine[] {
  if (loan.loanType === 'EMI')
    return emiSchedule({ principal: terms.principal, annualRatePercent: terms.annualRatePercent, months: terms.tenureMonths }).schedule;
  return [{ number: 1, dueDate: '', principal: terms.principal, interest: terms.fee, balance: 0 }];
}

/**
 * The loan's Key Facts Statement and the terms and schedule it is built from: the issued agreement's terms once there
 * is one (the figures the borrower signs), else the loan's current terms; the contingent charges from the product
 * version the loan was applied under; Part 2 from configuration.
 */
export function loanKfs(
  loan: LoanRecord,
  config: Pick<AppConfig, 'product' | 'lender' | 'kfs'>,
): { terms: AgreementTerms; schedule: ScheduleLine[]; kfs: KeyFactStatement } {
  const terms = loan.agreement?.terms ?? agreementTermsFor(loan, config.product);
  const schedule = indicativeSchedule(loan, terms);
  const charges = { penalChargeFlat: loan.product?.terms.penalChargeFlat ?? 0, graceDays: loan.product?.terms.graceDays ?? 0 };
  const kfs = keyFactStatement({
    loanId: loan.id,
    loanType: loan.loanType,
    terms,
    schedule,
    charges,
    settings: {
      lenderName: config.lender.name,
      coolingOffDays: config.kfs.coolingOffDays,
      coolingOffFeeRetained: config.kfs.coolingOffFeeRetained ?? false,
      grievanceOfficer: config.kfs.grievanceOfficer,
    },
  });
  return { terms, schedule, kfs };
}
