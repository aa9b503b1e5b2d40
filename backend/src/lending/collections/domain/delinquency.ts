import { addDays, daysBetween } from '../../loan/domain/calendar.js';

/**
 * The RBI's asset classification (circular DOR.STR.REC.68/21.04.048/2021-22 of 12 November 2021): special mention
 * accounts by days past due, NPA beyond 90.
 */
export const CLASSIFICATIONS = ['standard', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/** The classification days past due alone give: standard 0, SMA-0 1–30, SMA-1 31–60, SMA-2 61–90, NPA over 90. */
export function classificationFor(dpd: number): Classification {
  if (dpd <= 0) return 'standard';
  if (dpd <= 30) return 'SMA-0';
  if (dpd <= 60) return 'SMA-1';
  if (dpd <= 90) return 'SMA-2';
  return 'NPA';
}

/**
 * The classification after a day end. An NPA is upgraded to standard only when the entire arrears are paid (the
 * circular's paragraph on upgradation): while anything is overdue it stays NPA, however few days that is now.
 */
export function nextClassification(current: Classification, dpd: number): Classification {
  if (current === 'NPA' && dpd > 0) return 'NPA';
  return classificationFor(dpd);
}

/**
 * Days past due at the day end of `date`, as the circular counts: an amount not paid by the day end of its due date
 * is overdue from that date, so at that day end it is 1 day past due (due 31 March: 1 on 31 March, 31 on 30 April).
 */
export function daysPastDue(oldestUnpaidDueDate: string | null, date: string): number {
  if (oldestUnpaidDueDate === null || oldestUnpaidDueDate > date) return 0;
  return daysBetween(oldestUnpaidDueDate, date) + 1;
}

/** The oldest unpaid due date that `dpd` at the day end of `date` counts from; null when nothing is past due. */
export function overdueSince(dpd: number, date: string): string | null {
  return dpd > 0 ? addDays(date, 1 - dpd) : null;
}
