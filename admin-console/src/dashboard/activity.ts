/** One day of the dashboard graph, as GET /api/admin/loan-activity answers it. */
export type DayPoint = { day: string; applications: number; approvals: number; disbursals: number };
export type Series = keyof Omit<DayPoint, 'day'>;

/** The graph's period: the last `days` UTC days, ending today. */
export function period(days: number, now = Date.now()): { from: string; to: string } {
  const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: isoDay(now - (days - 1) * 86_400_000), to: isoDay(now) };
}
