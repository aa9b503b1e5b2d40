import { addDays } from '../calendar.js';
import type { Amounts, Instalment } from './servicing.types.js';
import { owed, PAYMENT_ORDER } from './working-instalment.js';

/** What is still owed, by component, and in all. */
export type OwedParts = Amounts & { total: number };

const none = (): OwedParts => ({ principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 });

/**
 * What is still owed on one instalment as the servicing fold left it: each component less what was paid and waived
 * on it (never below 0). This is what a collector asks the borrower for on that instalment, not the instalment's size.
 */
export function owedOf(instalment: Omit<Instalment, 'status'>): OwedParts {
  const parts = none();
  for (const component of PAYMENT_ORDER) {
    const left = Math.max(0, owed(instalment, component));
    parts[component] = left;
    parts.total += left;
  }
  return parts;
}

const add = (into: OwedParts, parts: OwedParts) => {
  into.principal += parts.principal;
  into.interest += parts.interest;
  into.fees += parts.fees;
  into.penalties += parts.penalties;
  into.total += parts.total;
};

/**
 * What a loan owes now, on business date `date`: `due` is everything still owed on the instalments whose due date
 * has come (due date on or before `date`), `overdue` the part of it on instalments past their grace days (due date +
 * grace before `date`). Instalments due later owe nothing yet, whatever their size. The collection buckets, their
 * detail pages and the dialer all show these amounts (docs/collections.md).
 */
export function owedAt(
  instalments: readonly Omit<Instalment, 'status'>[],
  date: string,
  graceDays: number,
): { due: OwedParts; overdue: OwedParts } {
  const due = none();
  const overdue = none();
  for (const instalment of instalments) {
    if (instalment.dueDate > date) continue;
    const parts = owedOf(instalment);
    add(due, parts);
    if (addDays(instalment.dueDate, graceDays) < date) add(overdue, parts);
  }
  return { due, overdue };
}
