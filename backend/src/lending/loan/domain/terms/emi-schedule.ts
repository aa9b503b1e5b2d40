import { addMonths } from '../calendar.js';
import { FieldProblems } from '../loan-input.validation.js';
import type { ScheduleLine } from '../loan.types.js';
import { roundHalfEven } from '../rounding.js';

export type EmiScheduleInput = {
  principal: number;
  annualRatePercent: number;
  months: number;
  /** Due date of instalment 1; without it every dueDate is '' (a quote, not a loan). */
  firstDueDate?: string;
  /**
   * Day of month the series is pinned to (default: firstDueDate's day). A loan paid out on
   * Jan 31 is first due Feb 28 but should still fall due on Mar 31.
   */
  anchorDay?: number;
};

export type EmiSchedule = {
  emi: number;
  totalInterest: number;
  totalPayable: number;
  schedule: ScheduleLine[];
};

const MAX_MONTHS = 600;

function validate(input: EmiScheduleInput): void {
  const problems = new FieldProblems();
  const { principal } = input;
  if (!(typeof principal === 'number' && Number.isInteger(principal) && principal > 0)) {
    problems.add('principal', 'principal must be a whole number of minor units greater than 0');
  }
  const rate = input.annualRatePercent;
  if (!(typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 100)) {
    problems.add('annualRatePercent', 'annualRatePercent must be between 0 and 100');
  }
  problems.requireInteger('months', input.months, 1, MAX_MONTHS);
  if (input.firstDueDate !== undefined) problems.requireDate('firstDueDate', input.firstDueDate);
  if (input.anchorDay !== undefined) problems.requireInteger('anchorDay', input.anchorDay, 1, 31);
  problems.throwIfAny();
}

// Interest on a balance for one month. balance × annual% is exact for whole and most
// decimal rates, and one division by 1200 keeps true ties exact for roundHalfEven.
function monthlyInterest(balance: number, annualRatePercent: number): number {
  return roundHalfEven((balance * annualRatePercent) / 1200);
}

/** Equated monthly instalment for a reducing-balance loan, in minor units, ties to even. */
export function emiFor(principal: number, annualRatePercent: number, months: number): number {
  validate({ principal, annualRatePercent, months });
  if (annualRatePercent === 0) return roundHalfEven(principal / months);
  const r = annualRatePercent / 1200;
  const growth = (1 + r) ** months;
  return roundHalfEven((principal * r * growth) / (growth - 1));
}

export function emiSchedule(input: EmiScheduleInput): EmiSchedule {
  validate(input);
  const { principal, annualRatePercent, months, firstDueDate, anchorDay } = input;
  const emi = emiFor(principal, annualRatePercent, months);
  const schedule: ScheduleLine[] = [];
  let balance = principal;
  for (let number = 1; number <= months; number++) {
    const interest = monthlyInterest(balance, annualRatePercent);
    // The last instalment takes whatever principal is left, so the parts sum to P exactly.
    // Clamping earlier ones matters only for tiny loans, where a rounded-up EMI would
    // otherwise repay more than is owed before the end.
    const principalPart = number === months ? balance : Math.min(balance, Math.max(0, emi - interest));
    balance -= principalPart;
    schedule.push({
      number,
      dueDate: firstDueDate === undefined ? '' : addMonths(firstDueDate, number - 1, anchorDay),
      principal: principalPart,
      interest,
      balance,
    });
  }
  const totalInterest = schedule.reduce((sum, line) => sum + line.interest, 0);
  return { emi, totalInterest, totalPayable: principal + totalInterest, schedule };
}
