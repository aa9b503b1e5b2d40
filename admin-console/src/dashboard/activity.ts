import type { LoanActivity } from '@lending/web-common/api';

/** One day of the dashboard graph, as GET /api/admin/loan-activity answers it. */
export type DayPoint = LoanActivity[number];
export type Series = keyof Omit<DayPoint, 'day'>;

/** The graph's period: the last `days` UTC days, ending today. */
/** The N days ending on `lastDay` (YYYY-MM-DD), that day included: a period counted in the business time zone. */
export function periodEndingOn(days: number, lastDay: string): { from: string; to: string } {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return { from: new Date(end - (days - 1) * 86_400_000).toISOString().slice(0, 10), to: lastDay };
}

export function period(days: number, now = Date.now()): { from: string; to: string } {
  const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: isoDay(now - (days - 1) * 86_400_000), to: isoDay(now) };
}
