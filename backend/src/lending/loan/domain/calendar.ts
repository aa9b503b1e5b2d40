// Calendar dates as YYYY-MM-DD strings, computed arithmetically so that neither the
// clock nor the process time zone can shift a due date.

const MS_PER_DAY = 86_400_000;
/** Days of each month (index 1-12) in a common year; any other month has 31, as before. */
const MONTH_DAYS = [31, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

type CalendarDate = { year: number; month: number; day: number };

export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return MONTH_DAYS[month] ?? 31;
}

/** The number written by the `length` ASCII digits of `text` from `start`, or -1 if one of them is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/**
 * YYYY-MM-DD read by character codes (close of business and the read-model rows parse dates by the million: a regular
 * expression and a split cost several times more), or undefined when it is not a real calendar date.
 */
function read(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return undefined;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is string {
  return read(value) !== undefined;
}

function parse(isoDate: string): CalendarDate {
  const date = read(isoDate);
  if (!date) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  return date;
}

const twoDigits = (n: number) => (n >= 0 && n < 10 && Number.isInteger(n) ? `0${n}` : String(n).padStart(2, '0'));

function format({ year, month, day }: CalendarDate): string {
  const yyyy = year >= 1000 && year <= 9999 ? String(year) : String(year).padStart(4, '0');
  return `${yyyy}-${twoDigits(month)}-${twoDigits(day)}`;
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
  const toDayNumber = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day) / MS_PER_DAY;
  return toDayNumber(parse(to)) - toDayNumber(parse(from));
}

export function dayOfMonth(isoDate: string): number {
  return parse(isoDate).day;
}

/** The date `days` whole days after (before, when negative) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = parse(isoDate);
  const { year, month, day } = date;
  // Most moves (no move, a grace period, a day ahead) stay in the month: no Date needed (a rebuild and close of
  // business move dates by the million). Same answers as the Date path below, checked on every date 1995-2034 moved
  // by -400..400 days; years before 100 keep the Date path, which reads them as 19xx.
  if (year >= 100 && Number.isInteger(days) && days >= 0 && day + days <= daysInMonth(year, month))
    return days === 0 ? isoDate : format({ year, month, day: day + days });
  const moved = new Date(Date.UTC(year, month - 1, day) + days * MS_PER_DAY);
  return format({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}
