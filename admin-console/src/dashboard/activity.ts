import type { LoanActivity } from '@lending/web-common/api';

/** One day of the dashboard graph, as GET /api/admin/loan-activity answers it. */
export type DayPoint = LoanActivity[number];
export type Series = keyof Omit<DayPoint, 'day'>;

/** The N days ending on `lastDay` (YYYY-MM-DD), that day included: a period counted in the business time zone. */
export function periodEndingOn(days: number, lastDay: string): { from: string; to: string } {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return { from: new Date(end - (days - 1) * 86_400_000).toISOString().slice(0, 10), to: lastDay };
}
