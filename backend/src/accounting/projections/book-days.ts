import { sql, type Kysely } from 'kysely';
import { LOAN_BOOK_ACCOUNTS } from '../domain/chart.js';
import type { JournalEntry, JournalLine } from '../domain/journal.js';
import type { ClosedDaySums } from './closed-day.sql.js';
import type { LogFacts } from './log-facts.js';

/**
 * A closed business day's entries for the whole book (issue 31 item 8): one entry per value date (the day itself, or
 * the later dates a loan that knows of later events moves), no loan, one line per account with the sum over the loans
 * (debit positive). The granularity is the book's, not the loan's: per-loan lines every day would be millions of rows a
 * day at a million loans. A loan's own share is computed when its journal is read (loanClosedDayEntries).
 */
export type DayPart = { dayPosition: number; valueDate: string; originalValueDate: string | null; account: string; amount: number };

const { interestReceivable, interestInAdvance, interestIncome, provisions, provisionExpense } = LOAN_BOOK_ACCOUNTS;

/** The set-based sums of a day as parts of its entry on `valueDate`. */
export function setBasedParts(dayPosition: number, valueDate: string, originalValueDate: string | null, sums: ClosedDaySums): DayPart[] {
  const part = (account: string, amount: number): DayPart => ({ dayPosition, valueDate, originalValueDate, account, amount });
  return [
    part(interestReceivable, sums.accrued - sums.released),
    part(interestInAdvance, sums.released),
    part(interestIncome, -sums.accrued),
    part(provisionExpense, sums.provided),
    part(provisions, -sums.provided),
  ];
}

/** Parts summed by day, value date and account, from sums or from per-loan entries. */
export class DayParts {
  private readonly byKey = new Map<string, DayPart>();

  add(part: DayPart): void {
    if (part.amount === 0) return;
    const key = `${part.dayPosition}|${part.valueDate}|${part.originalValueDate ?? ''}|${part.account}`;
    const held = this.byKey.get(key);
    if (held === undefined) this.byKey.set(key, { ...part });
    else held.amount += part.amount;
  }

  addAll(parts: readonly DayPart[]): void {
    for (const part of parts) this.add(part);
  }

  /** A loan's close-of-business entries (journalForClosedDay): their position is the day's. */
  addEntries(entries: readonly JournalEntry[]): void {
    for (const entry of entries)
      for (const line of entry.lines)
        this.add({
          dayPosition: entry.eventPosition,
          valueDate: entry.valueDate,
          originalValueDate: entry.originalValueDate ?? null,
          account: line.account,
          amount: line.debit - line.credit,
        });
  }

  sums(): DayPart[] {
    return [...this.byKey.values()];
  }

  /** A rebuild's partition keeps its parts in `accounting_day_parts` (summed at the end of the rebuild). */
  async write(db: Kysely<any>): Promise<void> {
    const rows = this.sums().map((p) => ({
      day_position: p.dayPosition,
      value_date: p.valueDate,
      original_value_date: p.originalValueDate,
      account_code: p.account,
      amount: p.amount,
    }));
    for (let i = 0; i < rows.length; i += 2_000)
      await db
        .insertInto('accounting_day_parts')
        .values(rows.slice(i, i + 2_000))
        .execute();
  }

  static async summed(db: Kysely<any>): Promise<DayPart[]> {
    const rows = await sql<{
      day_position: string;
      value_date: string;
      original_value_date: string | null;
      account_code: string;
      amount: string;
    }>`
      SELECT day_position, value_date, original_value_date, account_code, sum(amount)::text AS amount
        FROM accounting_day_parts GROUP BY day_position, value_date, original_value_date, account_code`.execute(db);
    return rows.rows.map((r) => ({
      dayPosition: Number(r.day_position),
      valueDate: r.value_date,
      originalValueDate: r.original_value_date,
      account: r.account_code,
      amount: Number(r.amount),
    }));
  }
}

/** The book's entries of the days the parts belong to: one per day and value date, lines in account order. */
export function bookEntriesOf(facts: LogFacts, parts: readonly DayPart[]): JournalEntry[] {
  const groups = new Map<string, { first: DayPart; byAccount: Map<string, number> }>();
  for (const part of parts) {
    const key = `${part.dayPosition}|${part.valueDate}|${part.originalValueDate ?? ''}`;
    const group = groups.get(key) ?? { first: part, byAccount: new Map<string, number>() };
    group.byAccount.set(part.account, (group.byAccount.get(part.account) ?? 0) + part.amount);
    groups.set(key, group);
  }
  const entries: JournalEntry[] = [];
  for (const { first, byAccount } of groups.values()) {
    const lines: JournalLine[] = [...byAccount]
      .filter(([, amount]) => amount !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([account, amount]) => ({ account, debit: Math.max(0, amount), credit: Math.max(0, -amount) }));
    if (lines.length === 0) continue;
    const day = facts.days.find((d) => d.position === first.dayPosition);
    const ownDate = first.originalValueDate ?? first.valueDate;
    entries.push({
      id: `${first.dayPosition}-book-${first.valueDate}${first.originalValueDate === null ? '' : `-${first.originalValueDate}`}`,
      loanId: null,
      eventPosition: first.dayPosition,
      eventType: 'BusinessDayClosed',
      valueDate: first.valueDate,
      kind: day === undefined || ownDate === day.date ? 'close-of-business' : 'reallocation',
      amount: lines.reduce((sum, l) => sum + l.debit, 0),
      lines,
      narration: `Close of business ${day?.date ?? ''}: interest accrued and the change in provisions, every loan on the books`,
      ...(first.originalValueDate === null ? {} : { originalValueDate: first.originalValueDate }),
    });
  }
  return entries.sort((a, b) => a.eventPosition - b.eventPosition || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
