import { dayOfMonth } from '../calendar.js';
import type { LoanType, ScheduleLine } from '../loan.types.js';
import { DEFAULT_ADVANCE_PAYMENT, DEFAULT_ALLOCATION_STRATEGY, DEFAULT_PREPAYMENT_MODE } from './servicing.types.js';
import type { AdvancePayment, AllocationStrategyName, PrepaymentMode, ServicingTerms } from './servicing.types.js';

/** The product's servicing choices a loan pins (DESIGN §4: products are data). */
export type ServicingChoices = { strategy: AllocationStrategyName; prepaymentMode: PrepaymentMode; advancePayment: AdvancePayment };

export const DEFAULT_SERVICING_CHOICES: ServicingChoices = {
  strategy: DEFAULT_ALLOCATION_STRATEGY,
  prepaymentMode: DEFAULT_PREPAYMENT_MODE,
  advancePayment: DEFAULT_ADVANCE_PAYMENT,
};

/**
 * A disbursed loan's servicing terms, from its own events: the principal, rate, tenure and
 * fee it was signed for, and the first due date fixed in LoanDisbursed. EMI due dates stay
 * pinned to the disbursal's day of month, as the decider scheduled them.
 */
/** What servicingTermsFor reads of a loan (a LoanRecord has it all). */
export type DisbursedLoan = {
  id: string;
  loanType: LoanType;
  amount: number;
  approvedAmount?: number;
  annualRatePercent: number;
  tenureMonths: number;
  fee: number;
  disbursedOn?: string;
  schedule?: ScheduleLine[];
};

export function servicingTermsFor(loan: DisbursedLoan, choices: ServicingChoices = DEFAULT_SERVICING_CHOICES): ServicingTerms {
  const firstDueDate = loan.schedule?.[0]?.dueDate;
  if (loan.disbursedOn === undefined || firstDueDate === undefined) {
    throw new Error(`Loan ${loan.id} has not been disbursed: it has no servicing terms yet`);
  }
  return {
    loanType: loan.loanType,
    principal: loan.approvedAmount ?? loan.amount,
    annualRatePercent: loan.annualRatePercent,
    months: loan.tenureMonths,
    disbursedOn: loan.disbursedOn,
    firstDueDate,
    ...(loan.loanType === 'EMI' && { anchorDay: dayOfMonth(loan.disbursedOn) }),
    fee: loan.fee,
    ...choices,
  };
}
