import { daysBetween } from '../calendar.js';
import { roundHalfEven } from '../rounding.js';
import type { Amounts } from './servicing.types.js';
import { owed, zeroAmounts } from './working-instalment.js';
import type { WorkingInstalment } from './working-instalment.js';

/** The instalment whose period a date falls in, and that period's interest so far. */
export type CurrentPeriod = {
  /** Index of the first instalment due after the date. */
  index: number;
  /** Previous due date, or the disbursal for instalment 1. */
  start: string;
  /** True when the date is inside the period, not on its first day (its start). */
  underway: boolean;
  /** Scheduled interest × days elapsed since `start` ÷ days in the period, ties to even. */
  proratedInterest: number;
};

/** Null when every instalment is due by `date` (the loan has matured). */
export function currentPeriod(instalments: readonly WorkingInstalment[], disbursedOn: string, date: string): CurrentPeriod | null {
  const index = instalments.findIndex((line) => line.dueDate > date);
  if (index < 0) return null;
  const line = instalments[index]!;
  const start = index === 0 ? disbursedOn : instalments[index - 1]!.dueDate;
  const elapsed = Math.max(0, daysBetween(start, date));
  const days = daysBetween(start, line.dueDate);
  return {
    index,
    start,
    underway: elapsed > 0,
    // interest × elapsed is an integer, so one division keeps true ties exact.
    proratedInterest: roundHalfEven((line.interest * elapsed) / days),
  };
}

/**
 * What closes everything not yet due: all principal, fees and penalties still owed on those
 * instalments, and the running period's interest prorated by days less what is already paid
 * of it (interest paid ahead on later instalments counts too). Later periods' interest is never owed early.
 */
export function payoffOfRest(instalments: readonly WorkingInstalment[], period: CurrentPeriod): Amounts {
  const payoff = zeroAmounts();
  let settled = 0;
  for (const line of instalments.slice(period.index)) {
    payoff.principal += owed(line, 'principal');
    payoff.fees += owed(line, 'fees');
    payoff.penalties += owed(line, 'penalties');
    settled += line.paidInterest + line.waivedInterest;
  }
  payoff.interest = Math.max(0, period.proratedInterest - settled);
  return payoff;
}

export const sumAmounts = (amounts: Amounts): number => amounts.principal + amounts.interest + amounts.fees + amounts.penalties;
