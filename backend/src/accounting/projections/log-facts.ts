import { sql, type Kysely } from 'kysely';
import { BUSINESS_DAYS_STREAM } from '../../lending/public/close-of-business.port.js';
import type { ClosedDay, JournalEntry } from '../domain/journal.js';
import { closedThroughBefore, PERIODS_STREAM, postingDate, type LoggedClose } from '../domain/periods.js';
import type { ProvisionRates } from '../domain/provisions.js';

/** A BusinessDayClosed in the log: its place in the log's order, its date and the provision rates it carried. */
export type LoggedDay = ClosedDay & { transactionId: bigint };

/** What the log holds that every posting reads: the period closes and the business days closed. */
export type LogFacts = { closes: LoggedClose[]; days: LoggedDay[] };

export type LogOrder = { transactionId: bigint; position: number };

/**
 * The period closes (one a month) and the business days closed (one a day) in the log, read from the log itself so
 * that live and replay agree; the days in the log's order.
 */
export async function factsIn(db: Kysely<any>): Promise<LogFacts> {
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
export function isBefore(a: LogOrder, b: LogOrder): boolean {
  return a.transactionId < b.transactionId || (a.transactionId === b.transactionId && a.position < b.position);
}

/** The last business day closed before `at` in the log's order, or null. */
export function dayClosedBefore(days: readonly LoggedDay[], at: LogOrder): ClosedDay | null {
  let last: LoggedDay | null = null;
  for (const day of days) if (isBefore(day, at)) last = day;
  return last === null ? null : plainDay(last);
}

export function plainDay(day: LoggedDay): ClosedDay {
  return { date: day.date, position: day.position, provisionRates: day.provisionRates };
}

/** An entry dated in a closed period moves to the first open day and keeps its own date beside it. */
export function inOpenPeriod(entry: JournalEntry, closedThrough: string | null): JournalEntry {
  const date = postingDate(entry.valueDate, closedThrough);
  return date === entry.valueDate ? entry : { ...entry, valueDate: date, originalValueDate: entry.valueDate };
}

/** A day's entry moved out of the periods closed before that day in the log. */
export function openOnDay(facts: LogFacts): (entry: JournalEntry, day: ClosedDay) => JournalEntry {
  return (entry, day) => {
    const logged = facts.days.find((d) => d.position === day.position);
    return inOpenPeriod(entry, logged === undefined ? null : closedThroughBefore(facts.closes, logged));
  };
}
