/**
 * Daily interest accrual (issue 31, docs/accounting.md "Accrual"): pure, integer minor units. An instalment's interest
 * is earned day by day over its period, from the day after the period starts (the disbursal or the previous due date)
 * through its due date. What has accrued by the end of a day is `floor(interest × days elapsed / days in the period)`;
 * a day's accrual is the difference from the day before, so each day's rounding is carried into the next and the days
 * of a period sum to exactly the instalment's interest.
 */

/** One instalment's period as the books accrue it: (from, to] and the interest it earns (waived interest excluded). */
export type AccrualPeriod = { from: string; to: string; interest: number };

/** One day's accrual. */
export type DailyAccrual = { date: string; amount: number };

const MS_PER_DAY = 86_400_000;

function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / MS_PER_DAY;
}

function dateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** What the period has accrued by the end of `date`: none before it starts, all of it from its last day on. */
export function accruedInPeriod(period: AccrualPeriod, date: string): number {
  const days = dayNumber(period.to) - dayNumber(period.from);
  const elapsed = dayNumber(date) - dayNumber(period.from);
  if (elapsed <= 0 || period.interest <= 0) return 0;
  if (days <= 0 || elapsed >= days) return period.interest;
  return Math.floor((period.interest * elapsed) / days);
}

/** The period's accrual day by day: one amount per day of (from, to], summing to its interest. */
export function dailyAccruals(period: AccrualPeriod): DailyAccrual[] {
  const out: DailyAccrual[] = [];
  let before = 0;
  for (let day = dayNumber(period.from) + 1; day <= dayNumber(period.to); day += 1) {
    const date = dateOf(day);
    const through = accruedInPeriod(period, date);
    out.push({ date, amount: through - before });
    before = through;
  }
  return out;
}

/** Interest accrued by the end of `date` over every period of the loan; 0 when `date` is null (no day closed yet). */
export function accruedThrough(periods: readonly AccrualPeriod[], date: string | null): number {
  if (date === null) return 0;
  return periods.reduce((sum, period) => sum + accruedInPeriod(period, date), 0);
}
