import { addDays } from '../calendar.js';
import type { InstalmentPaidState, InstalmentStatus } from './servicing.types.js';

/** What instalmentStatusOn reads of an instalment: its due date and whether nothing, something or all is paid. */
export type DatedInstalment = { dueDate: string; status: InstalmentPaidState; closedOut?: string | null };

/**
 * An instalment's status on business date `date`, for a product with `graceDays` (docs/servicing.md, "Instalment
 * status"): `paid` when nothing is owed; `overdue` once the grace days after its due date have passed and something is
 * still owed, however much was paid (close of business records InstalmentWentOverdue at that day end); otherwise
 * `partial` when something was paid on it, `due` from its due date to the end of its grace days, `upcoming` before
 * its due date. So an instalment past its due date never reads `upcoming`. One whose dues a settlement, write-off or
 * cooling-off exit took off the books reads `closed`, never `paid`: it was not paid.
 */
export function instalmentStatusOn(line: DatedInstalment, date: string, graceDays: number): InstalmentStatus {
  if (line.closedOut) return 'closed';
  if (line.status === 'paid') return 'paid';
  if (addDays(line.dueDate, graceDays) < date) return 'overdue';
  if (line.status === 'partial') return 'partial';
  return line.dueDate <= date ? 'due' : 'upcoming';
}

/** The due date of the oldest instalment due by `date` with anything still owed (what days past due count from). */
export function oldestUnpaidDueDate(instalments: readonly DatedInstalment[], date: string): string | null {
  return instalments.find((line) => line.dueDate <= date && line.status !== 'paid')?.dueDate ?? null;
}
