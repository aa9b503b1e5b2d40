import type { Loan } from '../loans/types';

export type DayPoint = { day: string; applications: number; approvals: number; disbursals: number };
export type Series = keyof Omit<DayPoint, 'day'>;

const dayOf = (iso: string) => iso.slice(0, 10);

/** Every UTC day from `from` to `to`, inclusive, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * Applications (loans started), final approvals and disbursals per UTC day over [from, to], counted from loan rows.
 * Days with nothing are present with zeros, so the chart's x axis is time, not "days that had events".
 */
export function aggregateByDay(loans: Pick<Loan, 'createdAt' | 'approvals' | 'disbursedOn'>[], from: string, to: string): DayPoint[] {
  const points = new Map(daysBetween(from, to).map((day) => [day, { day, applications: 0, approvals: 0, disbursals: 0 }]));
  const add = (day: string | null | undefined, series: Series) => {
    const point = day ? points.get(day) : undefined;
    if (point) point[series] += 1;
  };
  for (const loan of loans) {
    add(dayOf(loan.createdAt), 'applications');
    add(loan.approvals?.final ? dayOf(loan.approvals.final.at) : null, 'approvals');
    add(loan.disbursedOn, 'disbursals');
  }
  return [...points.values()];
}
