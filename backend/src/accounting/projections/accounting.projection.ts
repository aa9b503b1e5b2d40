import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Projection, ProjectionRebuild } from '../../platform/projections/projection.js';
import {
  LOAN_BOOK_EVENT_TYPES,
  loanBookClassificationOf,
  loanBookEventOf,
  loanBookTermsFromStream,
  loanBookTermsOf,
  type LoanBookClassification,
  type LoanBookEvent,
  type LoanBookTerms,
} from '../../lending/public/loan-books.js';
import { ACCOUNTING_RULES, type AccountingRule } from '../domain/chart.js';
import { journalFor, journalForClassification, journalForClosedDay, type ClosedDay, type JournalEntry } from '../domain/journal.js';
import { loanDayState } from '../domain/loan-days.js';
import { manualJournalLines, type ManualEntryApproved } from '../domain/manual-entry.js';
import { closedThroughBefore, postingDate } from '../domain/periods.js';
import { bookEntriesOf, DayParts, setBasedParts } from './book-days.js';
import { postClosedDaySetBased } from './closed-day.sql.js';
import { dayClosedBefore, factsIn, inOpenPeriod, isBefore, plainDay, type LogFacts, type LogOrder } from './log-facts.js';

/**
 * What the books hold of a loan: its terms, money events and classification changes (the fold's input), its rule, the
 * business day closed before its latest event (`closedDay`), and where in the log each event and change came
 * (`eventDays`, `classDays`: the position of the day closed before it, see LoanHistory). `stateDay`, when set, is a
 * later day closed through which its day state is written (a rebuild's end).
 */
type Held = {
  version: number;
  terms: LoanBookTerms;
  events: LoanBookEvent[];
  rule: AccountingRule;
  classes: LoanBookClassification[];
  closedDay: ClosedDay | null;
  eventDays: number[];
  classDays: number[];
  stateDay?: ClosedDay | null;
};

const LOANS_PER_PAGE = 1_000;

/**
 * One advisory lock orders the accounting projection's appends against period closes: a close takes it alone, every
 * other posting shares it, so an append posting entries sees every close that committed before it (and a close
 * waits for the postings in flight). Its key is arbitrary and used nowhere else.
 */
const PERIOD_LOCK = 310_053;

const ROWS_PER_STATEMENT = 2_000;

/**
 * The books (issue 31): per loan event, its journal entries (journalFor over the loan's money events as lending's fold
 * reads them), and per account and value date the debits and credits (`account_days`), so a trial balance sums
 * account-days, never lines. The fold's input is kept per loan in `accounting_loans`, what a closed day needs of the
 * loan as plain columns in `accounting_day_states` and its accrual periods in `accounting_accrual_periods`
 * (loanDayState, written after each of its events).
 *
 * A BusinessDayClosed posts the day for the whole book set-based (closed-day.sql.ts: one statement over those columns)
 * as one entry per value date with no loan, its lines the sums over the loans; only a loan that knows of something
 * dated after the day is posted by the domain code (journalForClosedDay), into the same entry. A rebuild meets the day
 * in one partition only: there each loan posts, by the domain code, the days closed before each of its events as the
 * event comes (catchUp) and at the end of its partition the days after its last one, into `accounting_day_parts`,
 * which `completeRebuild` sums into the same entries, then derives `account_days` from the lines.
 */
export const accountingProjection: Projection = {
  name: 'accounting',
  eventTypes: [
    ...LOAN_BOOK_EVENT_TYPES,
    'LoanClassificationChanged',
    'BusinessDayClosed',
    'ManualJournalEntryApproved',
    'AccountingPeriodClosed',
  ],
  tables: [
    'accounting_loans',
    'accounting_day_states',
    'accounting_accrual_periods',
    'accounting_day_parts',
    'journal_entries',
    'journal_lines',
    'account_days',
  ],
  module: import.meta.url,

  /**
   * Before the events are inserted: the lock that orders postings against closes (PERIOD_LOCK). Taken after the insert,
   * a payment that got its place in the log before a day's close could post after it: the day would be posted without
   * the payment, which a replay of the log posts first (test/accounting/day-close-race.int-spec.ts).
   */
  async beforeAppend(db: Kysely<any>, eventTypes: readonly string[]): Promise<void> {
    await lockPeriods(db, eventTypes.some(isClosing));
  },

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    // Again here (a lock the transaction holds already is granted at once) for a caller that applies events itself.
    await lockPeriods(
      db,
      events.some((e) => isClosing(e.type)),
    );
    const facts = await factsIn(db);
    let pending: RecordedEvent[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      await addToAccountDays(db, await post(db, pending, facts, null));
      pending = [];
    };
    for (const event of events) {
      if (event.type !== 'BusinessDayClosed') {
        pending.push(event);
        continue;
      }
      await flush();
      await addToAccountDays(db, await closeDay(db, facts, Number(event.position)));
    }
    await flush();
  },

  async startRebuild(db: Kysely<any>): Promise<ProjectionRebuild> {
    const facts = await factsIn(db);
    const seen = new Set<string>();
    return {
      applyBatch: async (trx: Kysely<any>, events: RecordedEvent[]) => {
        for (const e of events) if (e.streamId.startsWith('loan-')) seen.add(e.streamId.slice('loan-'.length));
        const parts = new DayParts();
        await post(trx, events, facts, parts);
        await parts.write(trx);
      },
      finish: async (trx: Kysely<any>) => {
        const last = facts.days.at(-1);
        if (last === undefined || seen.size === 0) return;
        const ids = [...seen];
        for (let i = 0; i < ids.length; i += LOANS_PER_PAGE) {
          const held = await loadHeld(trx, ids.slice(i, i + LOANS_PER_PAGE));
          const parts = new DayParts();
          for (const [loanId, state] of held) {
            const next = { ...state };
            if (state.rule !== 'none') parts.addEntries(catchUp(loanId, next, facts, last, true));
            held.set(loanId, { ...state, stateDay: plainDay(last) });
          }
          await writeLoans(trx, held);
          await parts.write(trx);
        }
      },
    };
  },

  async completeRebuild(db: Kysely<any>): Promise<void> {
    const facts = await factsIn(db);
    const entries = bookEntriesOf(facts, await DayParts.summed(db));
    await writeEntries(db, entries);
    await sql`DELETE FROM accounting_day_parts`.execute(db);
    await sql`
      INSERT INTO account_days (account_code, day, debits, credits)
      SELECT account_code, value_date, sum(debit), sum(credit) FROM journal_lines GROUP BY account_code, value_date`.execute(db);
  },
};

/** A period's or a business day's close: it takes PERIOD_LOCK alone. */
function isClosing(type: string): boolean {
  return type === 'AccountingPeriodClosed' || type === 'BusinessDayClosed';
}

/** PERIOD_LOCK for the rest of the transaction: alone for a close, shared for any other posting. */
async function lockPeriods(db: Kysely<any>, closing: boolean): Promise<void> {
  if (closing) await sql`SELECT pg_advisory_xact_lock(${PERIOD_LOCK})`.execute(db);
  else await sql`SELECT pg_advisory_xact_lock_shared(${PERIOD_LOCK})`.execute(db);
}

function orderOf(event: RecordedEvent): LogOrder {
  return { transactionId: BigInt(event.transactionId), position: Number(event.position) };
}

/**
 * Rebuild: the entries of the days closed after the loan's last one, up to and including `through` (a position in
 * the log's order: that of the day, or just before an event of the loan), each under the period closes before that
 * day; the loan's state moves to the last of them.
 */
function catchUp(loanId: string, state: Held, facts: LogFacts, through: LogOrder, inclusive: boolean): JournalEntry[] {
  const entries: JournalEntry[] = [];
  const after = state.closedDay === null ? null : facts.days.find((d) => d.position === state.closedDay!.position);
  for (const day of facts.days) {
    if (after !== null && after !== undefined && !isBefore(after, day)) continue;
    const reached = inclusive ? !isBefore(through, day) : isBefore(day, through);
    if (!reached) break;
    const closedThrough = closedThroughBefore(facts.closes, day);
    const posted = journalForClosedDay({ loanId, terms: state.terms, rule: state.rule, known: state }, plainDay(day));
    entries.push(...posted.map((e) => inOpenPeriod(e, closedThrough)));
    state.closedDay = plainDay(day);
  }
  return entries;
}

/**
 * A business day closed, live: the book's entries for the day. Every loan on the books (but those under the rule
 * none) whose knowledge is dated on or before the day is posted set-based; the others (something dated after the day
 * is known: a close of business catching up several days) by the domain code, their day state rewritten.
 */
async function closeDay(db: Kysely<any>, facts: LogFacts, position: number): Promise<JournalEntry[]> {
  const index = facts.days.findIndex((d) => d.position === position);
  if (index < 0) return [];
  const day = plainDay(facts.days[index]!);
  const before = index > 0 ? plainDay(facts.days[index - 1]!) : null;
  const posted = await db
    .selectFrom('journal_entries')
    .select('id')
    .where('value_date', '>=', day.date) // by the index on (value_date, event_position): the day's entries are on or after it
    .where('event_position', '=', position)
    .where('event_type', '=', 'BusinessDayClosed')
    .limit(1)
    .executeTakeFirst();
  if (posted !== undefined) return []; // already applied: idempotent
  const closedThrough = closedThroughBefore(facts.closes, facts.days[index]!);
  const parts = new DayParts();
  const sums = await postClosedDaySetBased(db, day.date, before?.date ?? null, day.provisionRates);
  const valueDate = postingDate(day.date, closedThrough);
  parts.addAll(setBasedParts(position, valueDate, valueDate === day.date ? null : day.date, sums));
  const late = await db
    .selectFrom('accounting_day_states')
    .select('loan_id')
    .where('rule', '<>', 'none')
    .where('last_known', '>', day.date)
    .orderBy('loan_id')
    .execute();
  const ids = late.map((r) => r.loan_id as string);
  for (let i = 0; i < ids.length; i += LOANS_PER_PAGE) {
    const held = await loadHeld(db, ids.slice(i, i + LOANS_PER_PAGE));
    for (const [loanId, state] of held) {
      const known = { events: state.events, classes: state.classes, closedDay: before };
      const entries = journalForClosedDay({ loanId, terms: state.terms, rule: state.rule, known }, day);
      parts.addEntries(entries.map((e) => inOpenPeriod(e, closedThrough)));
      held.set(loanId, { ...state, stateDay: day });
    }
    await writeLoans(db, held);
  }
  const entries = bookEntriesOf(facts, parts.sums());
  await writeEntries(db, entries);
  return entries;
}

async function loadHeld(db: Kysely<any>, loanIds: readonly string[]): Promise<Map<string, Held>> {
  if (loanIds.length === 0) return new Map();
  const stored = await db
    .selectFrom('accounting_loans')
    .select(['loan_id', 'version', 'terms', 'events', 'rule', 'classes', 'closed_day', 'event_days', 'class_days'])
    .where('loan_id', 'in', [...loanIds])
    .execute();
  return new Map<string, Held>(
    stored.map((row) => [
      row.loan_id,
      {
        version: row.version,
        terms: row.terms,
        events: row.events,
        rule: row.rule,
        classes: row.classes,
        closedDay: row.closed_day,
        eventDays: (row.event_days as string[]).map(Number),
        classDays: (row.class_days as string[]).map(Number),
      },
    ]),
  );
}

/** The rule a LoanDisbursed carries (pinned from the product version); a loan paid out before rules existed: cash. */
function ruleOf(event: RecordedEvent): AccountingRule {
  const rule = (event.data as { accountingRule?: string }).accountingRule;
  return (ACCOUNTING_RULES as readonly string[]).includes(rule ?? '') ? (rule as AccountingRule) : 'cash';
}

/** An approved manual entry's journal entry: its lines as proposed, on its date (or the first open day). */
function manualEntryOf(event: RecordedEvent, closedThrough: string | null): JournalEntry {
  const data = event.data as ManualEntryApproved['data'];
  const lines = manualJournalLines(data.lines);
  return inOpenPeriod(
    {
      id: `${event.position}-1`,
      loanId: null,
      eventPosition: Number(event.position),
      eventType: event.type,
      valueDate: data.date,
      kind: 'manual',
      amount: lines.reduce((sum, l) => sum + l.debit, 0),
      lines,
      narration: data.narration,
    },
    closedThrough,
  );
}

/**
 * Writes the entries of the events: a loan event's (folding it into the loan's held input) and an approved manual
 * entry's, each dated in the first open period when its own date is closed; answers the entries written. A loan event
 * is posted with the business day closed before it in the log as the loan's last day closed. In a rebuild (`parts`
 * given) the loan first posts, into `parts`, the days closed since its previous event.
 */
async function post(db: Kysely<any>, events: readonly RecordedEvent[], facts: LogFacts, parts: DayParts | null): Promise<JournalEntry[]> {
  const byLoan = new Map<string, RecordedEvent[]>();
  const entries: JournalEntry[] = [];
  for (const event of events) {
    if (event.type === 'ManualJournalEntryApproved') entries.push(manualEntryOf(event, closedThroughBefore(facts.closes, orderOf(event))));
    if (!event.streamId.startsWith('loan-')) continue;
    const id = event.streamId.slice('loan-'.length);
    byLoan.set(id, [...(byLoan.get(id) ?? []), event]);
  }
  if (byLoan.size === 0) {
    await writeEntries(db, entries);
    return entries;
  }
  const held = await loadHeld(db, [...byLoan.keys()]);
  const changed = new Map<string, Held>();
  for (const [loanId, loanEvents] of byLoan) {
    let state = held.get(loanId);
    for (const event of loanEvents) {
      if (state !== undefined && event.version <= state.version) continue; // already applied: idempotent
      const booked = { position: Number(event.position), type: event.type };
      const closedThrough = closedThroughBefore(facts.closes, orderOf(event));
      const open = (posted: JournalEntry[]) => posted.map((e) => inOpenPeriod(e, closedThrough));
      const closedDay = dayClosedBefore(facts.days, orderOf(event));
      const dayPosition = closedDay?.position ?? 0;
      if (event.type === 'LoanDisbursed') {
        const terms = loanBookTermsOf(event) ?? (await termsFromStream(db, event));
        const rule = ruleOf(event);
        entries.push(...open(journalFor(booked, { loanId, terms, before: [], rule, closedDay })));
        state = { version: event.version, terms, events: [], rule, classes: [], closedDay, eventDays: [dayPosition], classDays: [] };
        continue;
      }
      if (state === undefined) continue;
      state = { ...state };
      if (parts !== null && state.rule !== 'none') parts.addEntries(catchUp(loanId, state, facts, orderOf(event), false));
      state.closedDay = closedDay;
      if (event.type === 'LoanClassificationChanged') {
        const change = loanBookClassificationOf(event);
        entries.push(...open(journalForClassification(booked, { loanId, terms: state.terms, rule: state.rule, known: state }, change)));
        state = { ...state, version: event.version, classes: [...state.classes, change], classDays: [...state.classDays, dayPosition] };
      } else {
        const money = loanBookEventOf(event);
        const context = { loanId, terms: state.terms, before: state.events, event: money, rule: state.rule, classes: state.classes };
        entries.push(...open(journalFor(booked, { ...context, closedDay })));
        state = { ...state, version: event.version, events: [...state.events, money], eventDays: [...state.eventDays, dayPosition] };
      }
    }
    if (state !== undefined && state !== held.get(loanId)) changed.set(loanId, state);
  }
  await writeLoans(db, changed);
  await writeEntries(db, entries);
  return entries;
}

async function termsFromStream(db: Kysely<any>, event: RecordedEvent): Promise<LoanBookTerms> {
  const rows = await sql<{ type: string; data: Record<string, unknown> }>`
    SELECT type, data FROM public.events WHERE stream_id = ${event.streamId} AND version <= ${event.version} ORDER BY version`.execute(db);
  return loanBookTermsFromStream(rows.rows);
}

/** Writes the loans held, each with its day state (loanDayState through `stateDay`, else `closedDay`) and periods. */
async function writeLoans(db: Kysely<any>, loans: Map<string, Held>): Promise<void> {
  if (loans.size === 0) return;
  const periodRows: { loan_id: string; seq: number; from_date: string; to_date: string; interest: number }[] = [];
  const stateRows: Record<string, unknown>[] = [];
  const rows = [...loans].map(([loanId, held]) => {
    const state = loanDayState(
      held.terms,
      held.rule,
      held.events,
      held.classes,
      held.stateDay === undefined ? held.closedDay : held.stateDay,
    );
    state.periods.forEach((p, n) =>
      periodRows.push({ loan_id: loanId, seq: n + 1, from_date: p.from, to_date: p.to, interest: p.interest }),
    );
    stateRows.push({
      loan_id: loanId,
      rule: held.rule,
      disbursed_on: state.disbursedOn,
      principal: state.principal,
      advance: state.advance,
      provision: state.provision,
      npa_since: state.npaSince,
      closed_on: state.closedOn,
      last_known: state.lastKnown,
    });
    return {
      loan_id: loanId,
      version: held.version,
      terms: JSON.stringify(held.terms),
      events: JSON.stringify(held.events),
      rule: held.rule,
      classes: JSON.stringify(held.classes),
      closed_day: held.closedDay === null ? null : JSON.stringify(held.closedDay),
      event_days: held.eventDays.map(String),
      class_days: held.classDays.map(String),
    };
  });
  await upsert(db, 'accounting_loans', rows);
  await upsert(db, 'accounting_day_states', stateRows);
  await db
    .deleteFrom('accounting_accrual_periods')
    .where('loan_id', 'in', [...loans.keys()])
    .execute();
  for (const chunk of chunks(periodRows)) await db.insertInto('accounting_accrual_periods').values(chunk).execute();
}

/** Inserts the rows, or on a loan already there sets every column but its id. */
async function upsert(
  db: Kysely<any>,
  table: 'accounting_loans' | 'accounting_day_states',
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== 'loan_id');
  for (const chunk of chunks(rows)) {
    await db
      .insertInto(table)
      .values(chunk)
      .onConflict((oc) => oc.column('loan_id').doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))))
      .execute();
  }
}

export async function writeEntries(db: Kysely<any>, entries: readonly JournalEntry[]): Promise<void> {
  const entryRows = entries.map((e) => ({
    id: e.id,
    loan_id: e.loanId,
    event_position: e.eventPosition,
    event_type: e.eventType,
    value_date: e.valueDate,
    kind: e.kind,
    amount: e.amount,
    narration: e.narration ?? null,
    original_value_date: e.originalValueDate ?? null,
  }));
  const lineRows = entries.flatMap((e) =>
    e.lines.map((l, n) => ({
      entry_id: e.id,
      line: n + 1,
      account_code: l.account,
      debit: l.debit,
      credit: l.credit,
      loan_id: e.loanId,
      value_date: e.valueDate,
    })),
  );
  for (const chunk of chunks(entryRows))
    await db
      .insertInto('journal_entries')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
  for (const chunk of chunks(lineRows))
    await db
      .insertInto('journal_lines')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * Adds the entries' debits and credits to their account-days, in (account, day) order: appends touching the same
 * account-days wait for each other in one order, never crosswise.
 */
async function addToAccountDays(db: Kysely<any>, entries: readonly JournalEntry[]): Promise<void> {
  const sums = new Map<string, { account_code: string; day: string; debits: number; credits: number }>();
  for (const entry of entries) {
    for (const line of entry.lines) {
      const key = `${line.account}|${entry.valueDate}`;
      const sum = sums.get(key) ?? { account_code: line.account, day: entry.valueDate, debits: 0, credits: 0 };
      sum.debits += line.debit;
      sum.credits += line.credit;
      sums.set(key, sum);
    }
  }
  const rows = [...sums.keys()].sort().map((key) => sums.get(key)!);
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('account_days')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['account_code', 'day']).doUpdateSet({
          debits: sql`account_days.debits + excluded.debits`,
          credits: sql`account_days.credits + excluded.credits`,
        }),
      )
      .execute();
  }
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}
