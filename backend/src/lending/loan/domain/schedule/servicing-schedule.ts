import { emiFor, emiSchedule } from '../terms/emi-schedule.js';
import { roundHalfEven } from '../rounding.js';
import type { PrepaymentMode, ServicingTerms } from './servicing.types.js';
import { mergeCharges, newInstalment } from './working-instalment.js';
import type { WorkingInstalment } from './working-instalment.js';

export type Amortization = { principal: number; interest: number }[];

/** DESIGN §4's monthly interest: balance × annual% / 1200, one division, ties to even. */
export function monthlyInterest(balance: number, annualRatePercent: number): number {
  return roundHalfEven((balance * annualRatePercent) / 1200);
}

/**
 * Repays `balance` by instalments of `emi` (interest each month on what is still owed) over
 * at most `maxCount` months; stops early once nothing is owed, and the last month allowed
 * takes whatever is left, so the parts always sum to `balance`. The same rule as emiSchedule.
 */
export function amortize(balance: number, annualRatePercent: number, emi: number, maxCount: number): Amortization {
  const parts: Amortization = [];
  let left = balance;
  for (let month = 1; month <= maxCount && left > 0; month++) {
    const interest = monthlyInterest(left, annualRatePercent);
    const principal = month === maxCount ? left : Math.min(left, Math.max(0, emi - interest));
    parts.push({ principal, interest });
    left -= principal;
  }
  return parts;
}

/** The schedule fixed at disbursal, with the one-off fee on instalment 1. */
export function initialInstalments(terms: ServicingTerms): { emi: number; instalments: WorkingInstalment[] } {
  const { principal, annualRatePercent, months, firstDueDate, anchorDay } = terms;
  const { emi, schedule } = emiSchedule({ principal, annualRatePercent, months, firstDueDate, anchorDay });
  const instalments = schedule.map((line) => newInstalment(line.number, line.dueDate, line.principal, line.interest));
  instalments[0]!.fees = terms.fee;
  return { emi, instalments };
}

/**
 * Recomputes instalments that nothing has been paid on yet for a lower principal `balance`.
 * reduceTenure keeps the EMI and lets the last instalments fall away; reduceEmi keeps every
 * due date and lowers the EMI. Due dates and numbers stay where they were. The charges of an
 * instalment that falls away move to the new last one, or to `before` (the instalment before
 * `unpaid`, which shows the prepayment) when the balance is nothing and none is left.
 */
export function reschedule(
  unpaid: readonly WorkingInstalment[],
  before: WorkingInstalment,
  balance: number,
  mode: PrepaymentMode,
  annualRatePercent: number,
  emi: number,
): { emi: number; instalments: WorkingInstalment[] } {
  const count = unpaid.length;
  const newEmi = mode === 'reduceEmi' && balance > 0 ? emiFor(balance, annualRatePercent, count) : emi;
  const parts = amortize(balance, annualRatePercent, newEmi, count);
  const instalments = parts.map(({ principal, interest }, index) => {
    const line = newInstalment(unpaid[index]!.number, unpaid[index]!.dueDate, principal, interest);
    mergeCharges(line, unpaid[index]!);
    return line;
  });
  const last = instalments.at(-1) ?? before;
  for (const dropped of unpaid.slice(parts.length)) mergeCharges(last, dropped);
  return { emi: newEmi, instalments };
}
