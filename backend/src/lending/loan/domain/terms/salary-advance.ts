import { addMonths, daysBetween } from '../calendar.js';
import { FieldProblems } from '../loan-input.validation.js';
import type { ScheduleLine } from '../loan.types.js';

export type SalaryAdvanceRepaymentInput = {
  principal: number;
  fee: number;
  /** YYYY-MM-DD */
  disbursedOn: string;
  payDayOfMonth: number;
  minDaysToRepayment: number;
};

function validate(input: SalaryAdvanceRepaymentInput): void {
  const problems = new FieldProblems();
  problems.requireInteger('principal', input.principal, 1, Number.MAX_SAFE_INTEGER);
  problems.requireInteger('fee', input.fee, 0, Number.MAX_SAFE_INTEGER);
  problems.requireDate('disbursedOn', input.disbursedOn);
  problems.requireInteger('payDayOfMonth', input.payDayOfMonth, 1, 31);
  problems.requireInteger('minDaysToRepayment', input.minDaysToRepayment, 0, 366);
  problems.throwIfAny();
}

/**
 * The single repayment of a salary advance: due on the borrower's next pay day that leaves
 * at least minDaysToRepayment days after the payout (a pay day too close rolls to the next
 * month). The flat fee is reported in the interest column, so collections treat both loan
 * types alike. The pay day is always after the payout day, even when the minimum is 0.
 */
export function salaryAdvanceRepayment(input: SalaryAdvanceRepaymentInput): ScheduleLine[] {
  validate(input);
  const { principal, fee, disbursedOn, payDayOfMonth, minDaysToRepayment } = input;
  const minDays = Math.max(1, minDaysToRepayment);
  let dueDate = addMonths(disbursedOn, 0, payDayOfMonth);
  for (let ahead = 1; daysBetween(disbursedOn, dueDate) < minDays; ahead++) {
    dueDate = addMonths(disbursedOn, ahead, payDayOfMonth);
  }
  return [{ number: 1, dueDate, principal, interest: fee, balance: 0 }];
}
