// Calendar dates as YYYY-MM-DD strings, computed arithmetically so that neither the
// clock nor the process time zone can shift a due date.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

type CalendarDate = { year: number; month: number; day: number };

export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parse(isoDate: string): CalendarDate {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function format({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The date in a given month on anchorDay, or on the month's last day when it is shorter. */
export function onDayOfMonth(year: number, month: number, anchorDay: number): string {
  return format({ year, month, day: Math.min(anchorDay, daysInMonth(year, month)) });
}

/**
 * Moves a date by whole months. anchorDay (default: the date's own day) is the day the
 * series is pinned to, so a series anchored on the 31st goes Jan 31, Feb 28, Mar 31
 * instead of drifting to the 28th after February.
 */
export function addMonths(isoDate: string, months: number, anchorDay?: number): string {
  const { year, month, day } = parse(isoDate);
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`);
  const anchor = anchorDay ?? day;
  if (!(Number.isInteger(anchor) && anchor >= 1 && anchor <= 31)) {
    throw new RangeError(`Not a day of the month: ${anchorDay}`);
  }
  const monthIndex = year * 12 + (month - 1) + months;
  return onDayOfMonth(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, anchor);
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const toDayNumber = ({ year, month, day }: CalendarDate) =>
    Date.UTC(year, month - 1, day) / MS_PER_DAY;
  return toDayNumber(parse(to)) - toDayNumber(parse(from));
}

export function dayOfMonth(isoDate: string): number {
  return parse(isoDate).day;
}

/** The date `days` whole days after (before, when negative) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parse(isoDate);
  const moved = new Date(Date.UTC(year, month - 1, day) + days * MS_PER_DAY);
  return format({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}
