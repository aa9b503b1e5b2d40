import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Projection, ProjectionRebuild } from '../../platform/projections/projection.js';
import { BUSINESS_DAYS_STREAM } from '../../lending/public/close-of-business.port.js';
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
import { manualJournalLines, type ManualEntryApproved } from '../domain/manual-entry.js';
import { closedThroughBefore, PERIODS_STREAM, postingDate, type LoggedClose } from '../domain/periods.js';
import type { ProvisionRates } from '../domain/provisions.js';

type Held = {
  version: number;
  terms: LoanBookTerms;
  events: LoanBookEvent[];
  rule: AccountingRule;
  classes: LoanBookClassification[];
  closedDay: ClosedDay | null;
};

/** A BusinessDayClosed in the log: its place in the log's order, its date and the provision rates it carried. */
type LoggedDay = ClosedDay & { transactionId: bigint };

/** What the log holds that every posting reads: the period closes and the business days closed. */
type LogFacts = { closes: LoggedClose[]; days: LoggedDay[] };

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
 * account-days, never lines. The fold's input is kept per loan in `accounting_loans`, so the projection reads only its
 * own tables (and, for a loan paid out before issue 12, its stream up to the payout, as loan-servicing does).
 *
 * A rebuild replays the log into entries and lines partition by partition and derives `account_days` from the lines
 * once at the end (`completeRebuild`): the same rows as the live updates, without every partition writing to the same
 * few account rows.
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
  tables: ['accounting_loans', 'journal_entries', 'journal_lines', 'account_days'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    const closing = events.some((e) => e.type === 'AccountingPeriodClosed' || e.type === 'BusinessDayClosed');
    if (closing) await sql`SELECT pg_advisory_xact_lock(${PERIOD_LOCK})`.execute(db);
    else await sql`SELECT pg_advisory_xact_lock_shared(${PERIOD_LOCK})`.execute(db);
    const facts = await factsIn(db);
    const entries = await post(db, events, facts);
    await addToAccountDays(db, entries);
    for (const day of events.filter((e) => e.type === 'BusinessDayClosed')) {
      await closeDayForEveryLoan(db, facts, Number(day.position), async (posted) => addToAccountDays(db, posted));
    }
  },

  /**
   * A replay meets a BusinessDayClosed in one partition only: each loan posts the days closed before each of its
   * events as that event comes (catchUp), and at the end the days closed after its last event, as the live
   * BusinessDayClosed posted them for every loan on the books.
   */
  async startRebuild(db: Kysely<any>): Promise<ProjectionRebuild> {
    const facts = await factsIn(db);
    const seen = new Set<string>();
    return {
      applyBatch: async (trx: Kysely<any>, events: RecordedEvent[]) => {
        for (const e of events) if (e.streamId.startsWith('loan-')) seen.add(e.streamId.slice('loan-'.length));
        await post(trx, events, facts);
      },
      finish: async (trx: Kysely<any>) => {
        const last = facts.days.at(-1);
        if (last === undefined || seen.size === 0) return;
        await closeDayForLoans(trx, facts, last.position, [...seen], async () => undefined);
      },
    };
  },

  async completeRebuild(db: Kysely<any>): Promise<void> {
    await sql`
      INSERT INTO account_days (account_code, day, debits, credits)
      SELECT account_code, value_date, sum(debit), sum(credit) FROM journal_lines GROUP BY account_code, value_date`.execute(db);
  },
};

/**
 * The period closes (one a month) and the business days closed (one a day) in the log, read from the log itself so
 * that live and replay agree; the days in the log's order.
 */
async function factsIn(db: Kysely<any>): Promise<LogFacts> {
  const rows = await sql<{ transaction_id: string; global_position: string; through: string }>`
    SELECT transaction_id::text, global_position, data->>'through' AS through FROM public.events
     WHERE stream_id = ${PERIODS_STREAM} AND type = 'AccountingPeriodClosed'`.execute(db);
  const days = await sql<{ transaction_id: string; global_position: string; date: string; rates: ProvisionRates }>`
    SELECT transaction_id::text, global_position, data->>'date' AS date, data->'provisionRates' AS rates FROM public.events
     WHERE stream_id = ${BUSINESS_DAYS_STREAM} AND type = 'BusinessDayClosed'
     ORDER BY transaction_id, global_position`.execute(db);
  return {
    closes: rows.rows.map((r) => ({ transactionId: BigInt(r.transaction_id), position: Number(r.global_position), through: r.through })),
    days: days.rows.map((r) => ({
      transactionId: BigInt(r.transaction_id),
      position: Number(r.global_position),
      date: r.date,
      provisionRates: r.rates,
    })),
  };
}

/** In the log's order: a before b. */
function isBefore(a: { transactionId: bigint; position: number }, b: { transactionId: bigint; position: number }): boolean {
  return a.transactionId < b.transactionId || (a.transactionId === b.transactionId && a.position < b.position);
}

function orderOf(event: RecordedEvent): { transactionId: bigint; position: number } {
  return { transactionId: BigInt(event.transactionId), position: Number(event.position) };
}

/** The last business day closed before `at` in the log's order, or null. */
function dayClosedBefore(days: readonly LoggedDay[], at: { transactionId: bigint; position: number }): ClosedDay | null {
  let last: LoggedDay | null = null;
  for (const day of days) if (isBefore(day, at)) last = day;
  return last === null ? null : plainDay(last);
}

function plainDay(day: LoggedDay): ClosedDay {
  return { date: day.date, position: day.position, provisionRates: day.provisionRates };
}

/**
 * The entries of the days closed after the loan's last one, up to and including `through` (a position in the log's
 * order: that of the day, or just before an event of the loan), each under the period closes before that day; the
 * loan's state moves to the last of them.
 */
function catchUp(
  loanId: string,
  state: Held,
  facts: LogFacts,
  through: { transactionId: bigint; position: number },
  inclusive: boolean,
): JournalEntry[] {
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

/** A business day closed, live: every loan on the books (but those booked under the rule none) posts it. */
async function closeDayForEveryLoan(
  db: Kysely<any>,
  facts: LogFacts,
  position: number,
  onPage: (entries: JournalEntry[]) => Promise<void>,
): Promise<void> {
  for (let after: string | null = null; ;) {
    let query = db.selectFrom('accounting_loans').select('loan_id').where('rule', '<>', 'none');
    if (after !== null) query = query.where('loan_id', '>', after);
    const ids = (await query.orderBy('loan_id').limit(LOANS_PER_PAGE).execute()).map((r) => r.loan_id as string);
    if (ids.length === 0) return;
    after = ids.at(-1)!;
    await closeDayForLoans(db, facts, position, ids, onPage);
  }
}

/** These loans post every day closed after their last one through the day at `position`. */
async function closeDayForLoans(
  db: Kysely<any>,
  facts: LogFacts,
  position: number,
  loanIds: readonly string[],
  onPage: (entries: JournalEntry[]) => Promise<void>,
): Promise<void> {
  const day = facts.days.find((d) => d.position === position);
  if (day === undefined) return;
  for (let i = 0; i < loanIds.length; i += LOANS_PER_PAGE) {
    const held = await loadHeld(db, loanIds.slice(i, i + LOANS_PER_PAGE));
    const entries: JournalEntry[] = [];
    const changed = new Map<string, Held>();
    for (const [loanId, state] of held) {
      if (state.rule === 'none' || (state.closedDay !== null && state.closedDay.position >= position)) continue;
      const next = { ...state };
      entries.push(...catchUp(loanId, next, facts, day, true));
      changed.set(loanId, next);
    }
    await writeLoans(db, changed);
    await writeEntries(db, entries);
    await onPage(entries);
  }
}

async function loadHeld(db: Kysely<any>, loanIds: readonly string[]): Promise<Map<string, Held>> {
  if (loanIds.length === 0) return new Map();
  const stored = await db
    .selectFrom('accounting_loans')
    .select(['loan_id', 'version', 'terms', 'events', 'rule', 'classes', 'closed_day'])
    .where('loan_id', 'in', [...loanIds])
    .execute();
  return new Map<string, Held>(
    stored.map((row) => [
      row.loan_id,
      { version: row.version, terms: row.terms, events: row.events, rule: row.rule, classes: row.classes, closedDay: row.closed_day },
    ]),
  );
}

/** The rule a LoanDisbursed carries (pinned from the product version); a loan paid out before rules existed: cash. */
function ruleOf(event: RecordedEvent): AccountingRule {
  const rule = (event.data as { accountingRule?: string }).accountingRule;
  return (ACCOUNTING_RULES as readonly string[]).includes(rule ?? '') ? (rule as AccountingRule) : 'cash';
}

/** The last date closed before the event in the log's order (periods.ts), or null. */
function closedThroughAt(closes: readonly LoggedClose[], event: RecordedEvent): string | null {
  return closedThroughBefore(closes, { transactionId: BigInt(event.transactionId), position: Number(event.position) });
}

/** An entry dated in a closed period moves to the first open day and keeps its own date beside it. */
function inOpenPeriod(entry: JournalEntry, closedThrough: string | null): JournalEntry {
  const date = postingDate(entry.valueDate, closedThrough);
  return date === entry.valueDate ? entry : { ...entry, valueDate: date, originalValueDate: entry.valueDate };
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
 * Writes the entries of the events: a loan event's (first the days closed before it that the loan has not posted, then
 * the event, folding it into the loan's held input) and an approved manual entry's, each dated in the first open period
 * when its own date is closed; answers the entries written. A BusinessDayClosed is posted for every loan by the caller.
 */
async function post(db: Kysely<any>, events: readonly RecordedEvent[], facts: LogFacts): Promise<JournalEntry[]> {
  const byLoan = new Map<string, RecordedEvent[]>();
  const entries: JournalEntry[] = [];
  for (const event of events) {
    if (event.type === 'ManualJournalEntryApproved') entries.push(manualEntryOf(event, closedThroughAt(facts.closes, event)));
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
      const closedThrough = closedThroughAt(facts.closes, event);
      const open = (posted: JournalEntry[]) => posted.map((e) => inOpenPeriod(e, closedThrough));
      if (event.type === 'LoanDisbursed') {
        const terms = loanBookTermsOf(event) ?? (await termsFromStream(db, event));
        const rule = ruleOf(event);
        const closedDay = dayClosedBefore(facts.days, orderOf(event));
        entries.push(...open(journalFor(booked, { loanId, terms, before: [], rule, closedDay })));
        state = { version: event.version, terms, events: [], rule, classes: [], closedDay };
        continue;
      }
      if (state === undefined) continue;
      state = { ...state };
      if (state.rule !== 'none') entries.push(...catchUp(loanId, state, facts, orderOf(event), false));
      if (event.type === 'LoanClassificationChanged') {
        const change = loanBookClassificationOf(event);
        entries.push(...open(journalForClassification(booked, { loanId, terms: state.terms, rule: state.rule, known: state }, change)));
        state = { ...state, version: event.version, classes: [...state.classes, change] };
      } else {
        const money = loanBookEventOf(event);
        const context = { loanId, terms: state.terms, before: state.events, event: money, rule: state.rule, classes: state.classes };
        entries.push(...open(journalFor(booked, { ...context, closedDay: state.closedDay })));
        state = { ...state, version: event.version, events: [...state.events, money] };
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

async function writeLoans(db: Kysely<any>, loans: Map<string, Held>): Promise<void> {
  const rows = [...loans].map(([loanId, held]) => ({
    loan_id: loanId,
    version: held.version,
    terms: JSON.stringify(held.terms),
    events: JSON.stringify(held.events),
    rule: held.rule,
    classes: JSON.stringify(held.classes),
    closed_day: held.closedDay === null ? null : JSON.stringify(held.closedDay),
  }));
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('accounting_loans')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('loan_id').doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          terms: eb.ref('excluded.terms'),
          events: eb.ref('excluded.events'),
          rule: eb.ref('excluded.rule'),
          classes: eb.ref('excluded.classes'),
          closed_day: eb.ref('excluded.closed_day'),
        })),
      )
      .execute();
  }
}

async function writeEntries(db: Kysely<any>, entries: readonly JournalEntry[]): Promise<void> {
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
