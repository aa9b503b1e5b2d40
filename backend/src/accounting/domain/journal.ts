import {
  loanBookDay,
  ZERO_POSITION,
  type LoanBookClassification,
  type LoanBookEvent,
  type LoanBookPosition,
  type LoanBookTerms,
} from '../../lending/public/loan-books.js';
import { accruedThrough } from './accrual.js';
import { LOAN_BOOK_ACCOUNTS, type AccountingRule, type LoanBookAccount } from './chart.js';
import { provisionCategory, requiredProvision, type ProvisionRates } from './provisions.js';

/** One side of an entry: an amount (minor units) on the debit or the credit of an account; the other side is 0. */
export type JournalLine = { account: string; debit: number; credit: number };

/**
 * A journal entry derived from one event. `kind` is `event` for the entry on a loan event's own value date,
 * `reallocation` for the later-dated entries of a back-dated event (it changed how payments made after its value date
 * were allocated: their dates carry the change, so the books on every date agree with the loan on that date), and
 * `close-of-business` for what a closed business day posts on its date (accrual, provisions).
 */
export type JournalEntry = {
  id: string;
  /** null for a manual entry. */
  loanId: string | null;
  eventPosition: number;
  eventType: string;
  valueDate: string;
  /** `manual`: a manual journal entry approved by a second person (manual-entry.ts). */
  kind: 'event' | 'reallocation' | 'manual' | 'close-of-business';
  /** Total of the debits (= total of the credits). */
  amount: number;
  lines: JournalLine[];
  /** A manual entry's narration. */
  narration?: string;
  /** Its own date when that was in a closed period: `valueDate` is then the first open day (periods.ts). */
  originalValueDate?: string;
};

/** The event as the books read it: its place in the log and its type. */
export type BookedEvent = { position: number; type: string };

/** The last business day closed before an event in the log's order, with the provision rates it carried. */
export type ClosedDay = { date: string; position: number; provisionRates: ProvisionRates };

/**
 * What the books know of a loan at a point of the log: its money events (log order), its classification changes
 * and the last business day closed.
 */
export type LoanKnowledge = {
  events: readonly LoanBookEvent[];
  classes: readonly LoanBookClassification[];
  closedDay: ClosedDay | null;
};

/**
 * What the books know of the loan when a money event comes: its terms, the money events before it (log order), and the
 * event itself as lending's fold reads it (absent for LoanDisbursed, whose date is the disbursal date). `rule` is the
 * rule the loan pinned (absent: cash, how the books posted before rules existed), `classes` its classification
 * changes and `closedDay` the last business day closed before the event.
 */
export type LoanContext = {
  loanId: string;
  terms: LoanBookTerms;
  before: readonly LoanBookEvent[];
  event?: LoanBookEvent;
  rule?: AccountingRule;
  classes?: readonly LoanBookClassification[];
  closedDay?: ClosedDay | null;
};

/** Signed balance per loan-book account: debit positive, credit negative. */
export type Balances = Record<LoanBookAccount, number>;

const ACCOUNT_ORDER = Object.keys(LOAN_BOOK_ACCOUNTS) as LoanBookAccount[];

/**
 * The loan's balance in each account given its position (docs/accounting.md, "The rules"). Interest income is what is
 * `recognised` (cash: what was received; accrual: what was accrued), the difference with what was received sitting
 * in interest receivable (accrued, not received) or interest received in advance (received, not yet accrued); fees and
 * penal charges are income when charged; a settlement's forgiveness is an expense, a write-off a bad debt, money after
 * a write-off a recovery; `provision` the IRAC provision required. Suspense takes whatever the rest leaves unbalanced:
 * it stays at zero while lending's fold keeps money received = allocated + credit balance (the property test checks).
 */
export function balancesOf(p: LoanBookPosition, recognised = p.interestReceived, provision = 0): Balances {
  const balances: Balances = {
    bank: p.received - p.refunded - p.disbursed,
    loansReceivable: p.owed.principal,
    interestReceivable: Math.max(0, recognised - p.interestReceived),
    feesReceivable: p.owed.fees,
    penaltiesReceivable: p.owed.penalties,
    suspense: 0,
    creditBalances: -p.creditBalance,
    interestInAdvance: -Math.max(0, p.interestReceived - recognised),
    provisions: -provision,
    interestIncome: -recognised,
    feeIncome: -(p.feesCharged - p.waived.fees),
    penalIncome: -(p.penaltiesCharged - p.waived.penalties),
    recoveries: -p.recoveries,
    badDebts: p.writtenOff.principal + p.writtenOff.fees + p.writtenOff.penalties,
    settlementDiscount: p.settled.principal + p.settled.fees + p.settled.penalties,
    provisionExpense: provision,
  };
  balances.suspense = -ACCOUNT_ORDER.reduce((sum, account) => sum + balances[account], 0);
  return balances;
}

/** Since when the loan has been an NPA on `date` by its classification changes (log order), or null. */
export function npaSince(classes: readonly LoanBookClassification[], date: string): string | null {
  let since: string | null = null;
  for (const change of classes) {
    if (change.date > date) continue;
    if (change.to !== 'NPA') since = null;
    else since ??= change.date;
  }
  return since;
}

/**
 * The loan's balances on `date` under its rule, as far as the books know it. `none`: nothing. Interest: `cash`
 * recognises what is received; `accrual` what accrued through the last day closed (never beyond `date`), except while
 * the loan is an NPA or once it is closed, when only what is received is income (IRAC: accrued and not collected is
 * reversed). The provision: the principal outstanding on the last day closed at its category's rate (none before a
 * first close of business).
 */
export function booksOn(terms: LoanBookTerms, rule: AccountingRule, known: LoanKnowledge, date: string): Balances {
  if (rule === 'none') return ZERO_BALANCES;
  const day = dayOf(terms, known.events, date);
  const position = day.position;
  const closedDay = known.closedDay;
  const through = closedDay === null ? null : closedDay.date < date ? closedDay.date : date;
  let recognised = position.interestReceived;
  if (rule === 'accrual' && npaSince(known.classes, date) === null) {
    if (day.closedOn === null || day.closedOn > date) recognised = accruedThrough(day.periods, through);
  }
  let provision = 0;
  if (closedDay !== null && through !== null && through >= terms.disbursedOn) {
    const atClose = through === date ? position : dayOf(terms, known.events, through).position;
    const rate = closedDay.provisionRates[provisionCategory(npaSince(known.classes, through), through)] ?? 0;
    provision = requiredProvision(atClose.owed.principal, rate);
  }
  return balancesOf(position, recognised, provision);
}

type LoanDay = ReturnType<typeof loanBookDay>;

/**
 * Lending's fold of the loan on a date, remembered per terms, events and the events dated on or before the date: a
 * change of knowledge other than a money event (a day closed, a classification change) folds the same events on both
 * sides, and the days between two value dates fold the same events (loanBookDay folds those dated on or before its
 * date, nothing else of the date; how many there are tells which, the dates being a threshold). Terms and event lists
 * are never changed in place (each change makes a new list), so they key it.
 */
const days = new WeakMap<LoanBookTerms, WeakMap<readonly LoanBookEvent[], Map<number, LoanDay>>>();

export function dayOf(terms: LoanBookTerms, events: readonly LoanBookEvent[], date: string): LoanDay {
  if (date < terms.disbursedOn) return loanBookDay(terms, events, date);
  let byEvents = days.get(terms);
  if (byEvents === undefined) days.set(terms, (byEvents = new WeakMap()));
  let byKnown = byEvents.get(events);
  if (byKnown === undefined) byEvents.set(events, (byKnown = new Map()));
  let known = 0;
  for (const event of events) if (event.valueDate <= date) known += 1;
  let day = byKnown.get(known);
  if (day === undefined) byKnown.set(known, (day = loanBookDay(terms, events, date)));
  return day;
}

function difference(after: Balances, before: Balances): Balances {
  return Object.fromEntries(ACCOUNT_ORDER.map((a) => [a, after[a] - before[a]])) as Balances;
}

function linesOf(change: Balances): JournalLine[] {
  return ACCOUNT_ORDER.filter((a) => change[a] !== 0).map((a) => ({
    account: LOAN_BOOK_ACCOUNTS[a],
    debit: Math.max(0, change[a]),
    credit: Math.max(0, -change[a]),
  }));
}

const ZERO_BALANCES = balancesOf(ZERO_POSITION);

/** What a change in the books' knowledge of a loan posts, from the date `from` on. */
type Change = {
  booked: BookedEvent;
  loanId: string;
  terms: LoanBookTerms;
  rule: AccountingRule;
  /** null: the loan was not on the books (its disbursal). */
  was: LoanKnowledge | null;
  is: LoanKnowledge;
  from: string;
  kind: 'event' | 'close-of-business';
  idPrefix: string;
};

/**
 * The entries of a change in what the books know of a loan: the change it makes to the loan's balances on `from`,
 * and the further change on each later date the loan's balances can move on (its events', its classification
 * changes', the day closed). Every entry balances: both sides do.
 */
function entriesOf(change: Change): JournalEntry[] {
  const { terms, rule, was, is, from } = change;
  const dates = new Set([terms.disbursedOn, ...is.events.map((e) => e.valueDate), ...is.classes.map((c) => c.date)]);
  if (is.closedDay) dates.add(is.closedDay.date);
  const entries: JournalEntry[] = [];
  let posted = ZERO_BALANCES;
  for (const date of [...dates].filter((d) => d >= from).sort()) {
    const before = was === null ? ZERO_BALANCES : booksOn(terms, rule, was, date);
    const moved = difference(booksOn(terms, rule, is, date), before);
    const lines = linesOf(difference(moved, posted));
    posted = moved;
    if (lines.length === 0) continue;
    entries.push({
      id: `${change.idPrefix}${entries.length + 1}`,
      loanId: change.loanId,
      eventPosition: change.booked.position,
      eventType: change.booked.type,
      valueDate: date,
      kind: date === from ? change.kind : 'reallocation',
      amount: lines.reduce((sum, l) => sum + l.debit, 0),
      lines,
    });
  }
  return entries;
}

/**
 * The journal entries of one loan money event: the change it makes to the loan's balances on its value date, and,
 * when it is back-dated, the further change on each later value date of the loan's other events. A reversal is dated
 * on the reversal's date (its value date), so it mirrors the payment there and never edits an entry. An event that
 * changes nothing (a payment delivered twice) has no entry.
 */
export function journalFor(event: BookedEvent, loan: LoanContext): JournalEntry[] {
  const known = { classes: loan.classes ?? [], closedDay: loan.closedDay ?? null };
  return entriesOf({
    booked: event,
    loanId: loan.loanId,
    terms: loan.terms,
    rule: loan.rule ?? 'cash',
    was: loan.event ? { ...known, events: loan.before } : null,
    is: { ...known, events: loan.event ? [...loan.before, loan.event] : loan.before },
    from: loan.event?.valueDate ?? loan.terms.disbursedOn,
    kind: 'event',
    idPrefix: `${event.position}-`,
  });
}

/**
 * A loan's classification changed (collections' close of business, on `change.date`): moving into NPA reverses the
 * interest accrued and not received (IRAC) and stops the accrual; leaving it recognises again what accrued.
 */
export function journalForClassification(
  event: BookedEvent,
  loan: { loanId: string; terms: LoanBookTerms; rule: AccountingRule; known: LoanKnowledge },
  change: LoanBookClassification,
): JournalEntry[] {
  return entriesOf({
    booked: event,
    loanId: loan.loanId,
    terms: loan.terms,
    rule: loan.rule,
    was: loan.known,
    is: { ...loan.known, classes: [...loan.known.classes, change] },
    from: change.date,
    kind: 'event',
    idPrefix: `${event.position}-`,
  });
}

/**
 * A business day closed (BusinessDayClosed), for one loan: the interest accrued since the day closed before, and the
 * change in the provision required, posted on the day closed. Its ids name the loan too (one event posts for many).
 */
export function journalForClosedDay(
  loan: { loanId: string; terms: LoanBookTerms; rule: AccountingRule; known: LoanKnowledge },
  day: ClosedDay,
): JournalEntry[] {
  if (day.date < loan.terms.disbursedOn) return [];
  return entriesOf({
    booked: { position: day.position, type: 'BusinessDayClosed' },
    loanId: loan.loanId,
    terms: loan.terms,
    rule: loan.rule,
    was: loan.known,
    is: { ...loan.known, closedDay: day },
    from: day.date,
    kind: 'close-of-business',
    idPrefix: `${day.position}-${loan.loanId}-`,
  });
}
