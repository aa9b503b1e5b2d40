import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Projection, ProjectionRebuild } from '../../platform/projections/projection.js';
import {
  LOAN_BOOK_EVENT_TYPES,
  loanBookEventOf,
  loanBookTermsFromStream,
  loanBookTermsOf,
  type LoanBookEvent,
  type LoanBookTerms,
} from '../../lending/public/loan-books.js';
import { journalFor, type JournalEntry } from '../domain/journal.js';
import { manualJournalLines, type ManualEntryApproved } from '../domain/manual-entry.js';
import { closedThroughBefore, PERIODS_STREAM, postingDate, type LoggedClose } from '../domain/periods.js';

type Held = { version: number; terms: LoanBookTerms; events: LoanBookEvent[] };

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
  eventTypes: [...LOAN_BOOK_EVENT_TYPES, 'ManualJournalEntryApproved', 'AccountingPeriodClosed'],
  tables: ['accounting_loans', 'journal_entries', 'journal_lines', 'account_days'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    const closing = events.some((e) => e.type === 'AccountingPeriodClosed');
    if (closing) await sql`SELECT pg_advisory_xact_lock(${PERIOD_LOCK})`.execute(db);
    else await sql`SELECT pg_advisory_xact_lock_shared(${PERIOD_LOCK})`.execute(db);
    const entries = await post(db, events, await closesIn(db));
    await addToAccountDays(db, entries);
  },

  async startRebuild(db: Kysely<any>): Promise<ProjectionRebuild> {
    const closes = await closesIn(db);
    return {
      applyBatch: async (trx: Kysely<any>, events: RecordedEvent[]) => {
        await post(trx, events, closes);
      },
      finish: async () => undefined,
    };
  },

  async completeRebuild(db: Kysely<any>): Promise<void> {
    await sql`
      INSERT INTO account_days (account_code, day, debits, credits)
      SELECT account_code, value_date, sum(debit), sum(credit) FROM journal_lines GROUP BY account_code, value_date`.execute(db);
  },
};

/** The period closes in the log (few: one a month), read from the log itself so that live and replay agree. */
async function closesIn(db: Kysely<any>): Promise<LoggedClose[]> {
  const rows = await sql<{ transaction_id: string; global_position: string; through: string }>`
    SELECT transaction_id::text, global_position, data->>'through' AS through FROM public.events
     WHERE stream_id = ${PERIODS_STREAM} AND type = 'AccountingPeriodClosed'`.execute(db);
  return rows.rows.map((r) => ({ transactionId: BigInt(r.transaction_id), position: Number(r.global_position), through: r.through }));
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
 * Writes the entries of the events: a loan event's (folding it into the loan's held input) and an approved manual
 * entry's, each dated in the first open period when its own date is closed; answers the entries written.
 */
async function post(db: Kysely<any>, events: readonly RecordedEvent[], closes: readonly LoggedClose[]): Promise<JournalEntry[]> {
  const byLoan = new Map<string, RecordedEvent[]>();
  const entries: JournalEntry[] = [];
  for (const event of events) {
    if (event.type === 'ManualJournalEntryApproved') entries.push(manualEntryOf(event, closedThroughAt(closes, event)));
    if (!event.streamId.startsWith('loan-')) continue;
    const id = event.streamId.slice('loan-'.length);
    byLoan.set(id, [...(byLoan.get(id) ?? []), event]);
  }
  if (byLoan.size === 0) {
    await writeEntries(db, entries);
    return entries;
  }
  const stored = await db
    .selectFrom('accounting_loans')
    .select(['loan_id', 'version', 'terms', 'events'])
    .where('loan_id', 'in', [...byLoan.keys()])
    .execute();
  const held = new Map<string, Held>(stored.map((row) => [row.loan_id, { version: row.version, terms: row.terms, events: row.events }]));
  const changed = new Map<string, Held>();
  for (const [loanId, loanEvents] of byLoan) {
    let state = held.get(loanId);
    for (const event of loanEvents) {
      if (state !== undefined && event.version <= state.version) continue; // already applied: idempotent
      const booked = { position: Number(event.position), type: event.type };
      const closedThrough = closedThroughAt(closes, event);
      const open = (posted: JournalEntry[]) => posted.map((e) => inOpenPeriod(e, closedThrough));
      if (event.type === 'LoanDisbursed') {
        const terms = loanBookTermsOf(event) ?? (await termsFromStream(db, event));
        entries.push(...open(journalFor(booked, { loanId, terms, before: [] })));
        state = { version: event.version, terms, events: [] };
      } else if (state !== undefined) {
        const money = loanBookEventOf(event);
        entries.push(...open(journalFor(booked, { loanId, terms: state.terms, before: state.events, event: money })));
        state = { version: event.version, terms: state.terms, events: [...state.events, money] };
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
