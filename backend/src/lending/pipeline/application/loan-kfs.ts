import type { AppConfig } from '../../../platform/config/config.js';
import { agreementTermsFor } from '../domain/agreement-terms.js';
import { emiSchedule } from '../../loan/domain/terms/emi-schedule.js';
import { keyFactStatement, type KeyFactStatement, type KfsProductCharges } from '../domain/kfs/key-fact-statement.js';
import { DEFAULT_MANDATE_SETTINGS, type PinnedProductTerms } from '../../loan/domain/terms/loan-product.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { AgreementTerms, ScheduleLine } from '../../loan/domain/loan.types.js';
import type { PinnedCoolingOff } from '../domain/cooling-off/cooling-off.rules.js';

/** Due dates are fixed at disbursal, so the agreement shows the schedule by month after payout. */
export function indicativeSchedule(loan: LoanRecord, terms: AgreementTerms): ScheduleLine[] {
  if (loan.loanType === 'EMI')
    return emiSchedule({ principal: terms.principal, annualRatePercent: terms.annualRatePercent, months: terms.tenureMonths }).schedule;
  return [{ number: 1, dueDate: '', principal: terms.principal, interest: terms.fee, balance: 0 }];
}

/** The auto-debit rules the loan's product version applies; terms pinned before they existed (migration 0054) apply the defaults, as presentations do. */
function autoDebitRulesOf(loan: LoanRecord): NonNullable<KfsProductCharges['autoDebit']> {
  const terms = loan.product?.terms as Partial<PinnedProductTerms> | undefined;
  return {
    bounceCharge: terms?.mandateBounceCharge ?? DEFAULT_MANDATE_SETTINGS.mandateBounceCharge,
    representations: terms?.mandateRepresentations ?? DEFAULT_MANDATE_SETTINGS.mandateRepresentations,
    representAfterDays: terms?.mandateRepresentAfterDays ?? DEFAULT_MANDATE_SETTINGS.mandateRepresentAfterDays,
  };
}

/** The cooling-off period and fee rule the settings give now: what a new agreement pins. */
export function coolingOffSettings(config: Pick<AppConfig, 'kfs'>): PinnedCoolingOff {
  return { days: config.kfs.coolingOffDays, feeRetained: config.kfs.coolingOffFeeRetained ?? false };
}

/**
 * The loan's Key Facts Statement and the terms and schedule it is built from: the issued agreement's terms once there
 * is one (the figures the borrower signs), else the loan's current terms; the contingent charges from the product
 * version the loan was applied under; Part 2 from configuration, but the cooling-off terms pinned on an issued agreement.
 */
export function loanKfs(
  loan: LoanRecord,
  config: Pick<AppConfig, 'product' | 'lender' | 'kfs'>,
): { terms: AgreementTerms; schedule: ScheduleLine[]; kfs: KeyFactStatement } {
  const terms = loan.agreement?.terms ?? agreementTermsFor(loan, config.product);
  const schedule = indicativeSchedule(loan, terms);
  const coolingOff = loan.agreement?.coolingOff ?? coolingOffSettings(config);
  const charges = {
    penalChargeFlat: loan.product?.terms.penalChargeFlat ?? 0,
    graceDays: loan.product?.terms.graceDays ?? 0,
    autoDebit: autoDebitRulesOf(loan),
  };
  const kfs = keyFactStatement({
    loanId: loan.id,
    loanType: loan.loanType,
    terms,
    schedule,
    charges,
    settings: {
      lenderName: config.lender.name,
      coolingOffDays: coolingOff.days,
      coolingOffFeeRetained: coolingOff.feeRetained,
      grievanceOfficer: config.kfs.grievanceOfficer,
    },
  });
  return { terms, schedule, kfs };
}
