import type { LoanBookClassification, LoanBookEvent, LoanBookTerms } from '../../lending/public/loan-books.js';
import type { AccountingRule } from './chart.js';
import { booksOn, dayOf, journalForClosedDay, npaSince, type ClosedDay, type JournalEntry } from './journal.js';
import type { AccrualPeriod } from './accrual.js';

/**
 * What a closed business day needs of a loan, kept as plain columns (issue 31 item 8, docs/accounting.md "Close of
 * business at scale"): pure. A day's posting for a loan whose knowledge is all dated on or before the day is then
 * arithmetic over these values (accounting/projections/closed-day.sql.ts); `loanDayState` derives them from the loan
 * with the domain code, after each of its events.
 */
export type LoanDayState = {
  disbursedOn: string;
  /** Principal outstanding once every event known is applied. */
  principal: number;
  /** Interest received and not yet accrued (2110), as booked through `closedDay`. */
  advance: number;
  /** The IRAC provision booked through `closedDay` (2200). */
  provision: number;
  npaSince: string | null;
  closedOn: string | null;
  /** The latest date the loan's knowledge names: its payout, events, classification changes, closing. */
  lastKnown: string;
  /** Its accrual periods ((from, to], interest); none unless the loan is booked under the accrual rule. */
  periods: AccrualPeriod[];
};

const FAR = '9999-12-31';

/** The loan's day state once its events and classification changes are known and `closedDay` is the last day closed. */
export function loanDayState(
  terms: LoanBookTerms,
  rule: AccountingRule,
  events: readonly LoanBookEvent[],
  classes: readonly LoanBookClassification[],
  closedDay: ClosedDay | null,
): LoanDayState {
  const day = dayOf(terms, events, FAR); // the fold booksOn reads too (remembered)
  const books = booksOn(terms, rule, { events, classes, closedDay }, FAR);
  const dates = [terms.disbursedOn, ...events.map((e) => e.valueDate), ...classes.map((c) => c.date)];
  if (day.closedOn !== null) dates.push(day.closedOn);
  return {
    disbursedOn: terms.disbursedOn,
    principal: day.position.owed.principal,
    advance: -books.interestInAdvance,
    provision: -books.provisions,
    npaSince: npaSince(classes, FAR),
    closedOn: day.closedOn,
    lastKnown: dates.reduce((a, b) => (a > b ? a : b)),
    periods: rule === 'accrual' ? day.periods : [],
  };
}

/**
 * A loan as the books hold it, with the place in the log of what they know: `eventDays[0]` is the position of the
 * business day closed before its payout (0: none), `eventDays[i + 1]` the one before `events[i]`, `classDays[j]` the
 * one before `classes[j]`.
 */
export type LoanHistory = {
  loanId: string;
  terms: LoanBookTerms;
  rule: AccountingRule;
  events: readonly LoanBookEvent[];
  classes: readonly LoanBookClassification[];
  eventDays: readonly number[];
  classDays: readonly number[];
};

/**
 * The entries each business day closed after the loan's payout posted for it (journalForClosedDay over what the books
 * knew of the loan when the day closed, the day before as the last one closed), each moved out of a closed period by
 * `open`: the loan's share of the book's close-of-business entries. `days` in the log's order.
 */
export function loanClosedDayEntries(
  loan: LoanHistory,
  days: readonly ClosedDay[],
  open: (entry: JournalEntry, day: ClosedDay) => JournalEntry,
): JournalEntry[] {
  if (loan.rule === 'none') return [];
  const paidOutAfter = loan.eventDays[0] ?? 0;
  const entries: JournalEntry[] = [];
  // What was known when a day closed is a prefix of each list (both in the log's order); one list per prefix, so the
  // folds remembered per event list (journal.ts) serve every day that knew the same.
  const prefixes = new Map<number, readonly LoanBookEvent[]>();
  const eventsBefore = (position: number) => {
    let n = 0;
    while (n < loan.events.length && (loan.eventDays[n + 1] ?? 0) < position) n += 1;
    let prefix = prefixes.get(n);
    if (prefix === undefined) prefixes.set(n, (prefix = loan.events.slice(0, n)));
    return prefix;
  };
  let before: ClosedDay | null = null;
  for (const day of days) {
    if (day.position <= paidOutAfter) {
      before = day;
      continue;
    }
    const known = {
      events: eventsBefore(day.position),
      classes: loan.classes.filter((_, j) => (loan.classDays[j] ?? 0) < day.position),
      closedDay: before,
    };
    const posted = journalForClosedDay({ loanId: loan.loanId, terms: loan.terms, rule: loan.rule, known }, day);
    entries.push(...posted.map((e) => open(e, day)));
    before = day;
  }
  return entries;
}
