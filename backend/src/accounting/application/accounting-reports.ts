import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { LoanPrincipals } from '../../lending/public/index.js';
import type { Db } from '../../platform/database/database.js';
import { READ_DB } from '../../platform/database/read-database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, inRange, sortable } from '../../platform/query/list-query.js';
import { isDebitNature, LOAN_BOOK_ACCOUNTS, type Account, type AccountType } from '../domain/chart.js';
import { loanClosedDayEntries, type LoanHistory } from '../domain/loan-days.js';
import { factsIn, openOnDay, plainDay } from '../projections/log-facts.js';

export type JournalFilter = { accountCode?: string; loanId?: string; from?: string; to?: string };

export type JournalEntryView = {
  id: string;
  /** null for a manual entry. */
  loanId: string | null;
  eventPosition: number;
  eventType: string;
  valueDate: string;
  kind: 'event' | 'reallocation' | 'manual' | 'close-of-business';
  amount: number;
  narration: string | null;
  /** A loan event dated in a closed period: its own date (valueDate is the first open day after the close). */
  originalValueDate: string | null;
  lines: { account: string; accountName: string; debit: number; credit: number }[];
};

export type TrialBalanceRow = { code: string; name: string; type: AccountType; debit: number; credit: number };
export type TrialBalance = { asOf: string; accounts: TrialBalanceRow[]; totals: { debit: number; credit: number } };

export type StatementLine = {
  entryId: string;
  valueDate: string;
  loanId: string | null;
  eventType: string;
  debit: number;
  credit: number;
  balance: number;
};
export type AccountStatement = {
  account: Account;
  from: string | null;
  to: string | null;
  opening: number;
  lines: StatementLine[];
  closing: number;
  /** Lines beyond the first 1,000 of the range are left out (narrow the dates); the closing balance counts them all. */
  truncated: boolean;
};

export type Reconciliation = {
  asOf: string;
  /** The loans receivable account's balance on the date (debit positive). */
  loansReceivable: number;
  /** The sum of every disbursed loan's principal outstanding on the date, by lending's fold. */
  outstandingPrincipal: number;
  difference: number;
  loans: number;
  /** The loans whose receivable in the books differs from lending's principal (the first 100). */
  mismatches: { loanId: string; books: number; principal: number }[];
};

export const JOURNAL_SORT = sortable({ valueDate: 'value_date', eventPosition: 'event_position', amount: 'amount', id: 'id' });

const STATEMENT_LIMIT = 1_000;

type AccountRow = { code: string; name: string; type: AccountType; parent_code: string | null; active: boolean; description: string };
const accountOf = (row: AccountRow): Account => ({
  code: row.code,
  name: row.name,
  type: row.type,
  parentCode: row.parent_code,
  active: row.active,
  description: row.description,
});

/** The books' read side: the chart, journal entries, the trial balance, account statements and the reconciliation. */
@Injectable()
export class AccountingReports {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    private readonly principals: LoanPrincipals,
  ) {}

  async accounts(): Promise<Account[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('code').execute();
    return rows.map(accountOf);
  }

  async account(code: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('code', '=', code).executeTakeFirst();
    return row && accountOf(row);
  }

  async journal(
    filter: JournalFilter,
    sort: ListParams['sort'],
    range: ListParams['range'],
  ): Promise<{ rows: JournalEntryView[]; total: number }> {
    let query = this.db.selectFrom('journal_entries');
    if (filter.loanId !== undefined) query = query.where('loan_id', '=', filter.loanId);
    if (filter.from !== undefined) query = query.where('value_date', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('value_date', '<=', filter.to);
    if (filter.accountCode !== undefined) {
      const code = filter.accountCode;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('journal_lines')
            .select('journal_lines.entry_id')
            .whereRef('journal_lines.entry_id', '=', 'journal_entries.id')
            .where('journal_lines.account_code', '=', code),
        ),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy(JOURNAL_SORT.orderBy(sort))
        .orderBy('event_position', direction(sort))
        .orderBy('id', direction(sort))
        .$call(inRange(range))
        .execute(),
      countOf(this.db, query),
    ]);
    return { rows: await this.withLines(rows), total };
  }

  /**
   * A loan's journal, in the order of the log: the entries of its events, and its share of each close of business
   * (the book posts a day as one entry for every loan: the loan's part is computed here, as the day posted it, by the
   * domain code over what the books knew of the loan then).
   */
  async loanJournal(loanId: string): Promise<JournalEntryView[]> {
    const [rows, loan, facts, accounts] = await Promise.all([
      this.db.selectFrom('journal_entries').selectAll().where('loan_id', '=', loanId).orderBy('event_position').orderBy('id').execute(),
      this.db
        .selectFrom('accounting_loans')
        .select(['terms', 'events', 'rule', 'classes', 'event_days', 'class_days'])
        .where('loan_id', '=', loanId)
        .executeTakeFirst(),
      factsIn(this.db),
      this.accounts(),
    ]);
    const entries = await this.withLines(rows);
    if (loan === undefined) return entries;
    const names = new Map(accounts.map((a) => [a.code, a.name]));
    const history: LoanHistory = {
      loanId,
      terms: loan.terms as unknown as LoanHistory['terms'],
      events: loan.events as unknown as LoanHistory['events'],
      rule: loan.rule as LoanHistory['rule'],
      classes: loan.classes as unknown as LoanHistory['classes'],
      eventDays: (loan.event_days as string[]).map(Number),
      classDays: (loan.class_days as string[]).map(Number),
    };
    const days = loanClosedDayEntries(history, facts.days.map(plainDay), openOnDay(facts)).map((e): JournalEntryView => ({
      id: e.id,
      loanId,
      eventPosition: e.eventPosition,
      eventType: e.eventType,
      valueDate: e.valueDate,
      kind: e.kind,
      amount: e.amount,
      narration: null,
      originalValueDate: e.originalValueDate ?? null,
      lines: e.lines.map((l) => ({ ...l, accountName: names.get(l.account) ?? l.account })),
    }));
    return [...entries, ...days].sort((a, b) => a.eventPosition - b.eventPosition); // stable: each part keeps its order
  }

  private async withLines(
    rows: {
      id: string;
      loan_id: string | null;
      event_position: string;
      event_type: string;
      value_date: string;
      kind: 'event' | 'reallocation' | 'manual' | 'close-of-business';
      amount: string;
      narration: string | null;
      original_value_date: string | null;
    }[],
  ): Promise<JournalEntryView[]> {
    if (rows.length === 0) return [];
    const lines = await this.db
      .selectFrom('journal_lines')
      .innerJoin('accounts', 'accounts.code', 'journal_lines.account_code')
      .select(['journal_lines.entry_id', 'journal_lines.account_code', 'accounts.name', 'journal_lines.debit', 'journal_lines.credit'])
      .where(
        'journal_lines.entry_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('journal_lines.entry_id')
      .orderBy('journal_lines.line')
      .execute();
    const byEntry = new Map<string, JournalEntryView['lines']>();
    for (const line of lines) {
      const list = byEntry.get(line.entry_id) ?? [];
      list.push({ account: line.account_code, accountName: line.name, debit: Number(line.debit), credit: Number(line.credit) });
      byEntry.set(line.entry_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      loanId: r.loan_id,
      eventPosition: Number(r.event_position),
      eventType: r.event_type,
      valueDate: r.value_date,
      kind: r.kind,
      amount: Number(r.amount),
      narration: r.narration,
      originalValueDate: r.original_value_date,
      lines: byEntry.get(r.id) ?? [],
    }));
  }

  /**
   * Every account's balance on `asOf`, from the debits and credits kept per account and day (never from the lines): a
   * debit balance in the debit column, a credit balance in the credit column. Headings and accounts never posted to
   * show 0.
   */
  async trialBalance(asOf: string): Promise<TrialBalance> {
    const [accounts, sums] = await Promise.all([
      this.accounts(),
      this.db
        .selectFrom('account_days')
        .select(['account_code', sql<string>`sum(debits) - sum(credits)`.as('balance')])
        .where('day', '<=', asOf)
        .groupBy('account_code')
        .execute(),
    ]);
    const balances = new Map(sums.map((s) => [s.account_code, Number(s.balance)]));
    const rows = accounts.map((a) => {
      const balance = balances.get(a.code) ?? 0;
      return { code: a.code, name: a.name, type: a.type, debit: Math.max(0, balance), credit: Math.max(0, -balance) };
    });
    const totals = rows.reduce((t, r) => ({ debit: t.debit + r.debit, credit: t.credit + r.credit }), { debit: 0, credit: 0 });
    return { asOf, accounts: rows, totals };
  }

  /** An account's lines between two dates (either open), with the running balance in the account's own sign. */
  async statement(account: Account, from: string | undefined, to: string | undefined): Promise<AccountStatement> {
    const sign = isDebitNature(account.type) ? 1 : -1;
    const before = from
      ? await this.db
          .selectFrom('account_days')
          .select(sql<string>`coalesce(sum(debits) - sum(credits), 0)`.as('balance'))
          .where('account_code', '=', account.code)
          .where('day', '<', from)
          .executeTakeFirstOrThrow()
      : { balance: '0' };
    let query = this.db
      .selectFrom('journal_lines')
      .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
      .select([
        'journal_lines.entry_id',
        'journal_lines.value_date',
        'journal_lines.loan_id',
        'journal_entries.event_type',
        'journal_entries.event_position',
        'journal_lines.debit',
        'journal_lines.credit',
      ])
      .where('journal_lines.account_code', '=', account.code);
    if (from) query = query.where('journal_lines.value_date', '>=', from);
    if (to) query = query.where('journal_lines.value_date', '<=', to);
    const rows = await query
      .orderBy('journal_lines.value_date')
      .orderBy('journal_entries.event_position')
      .orderBy('journal_lines.entry_id')
      .limit(STATEMENT_LIMIT + 1)
      .execute();
    let closingQuery = this.db
      .selectFrom('account_days')
      .select(sql<string>`coalesce(sum(debits) - sum(credits), 0)`.as('balance'))
      .where('account_code', '=', account.code);
    if (to) closingQuery = closingQuery.where('day', '<=', to);
    const closing = sign * Number((await closingQuery.executeTakeFirstOrThrow()).balance);
    const opening = sign * Number(before.balance);
    let balance = opening;
    const lines = rows.slice(0, STATEMENT_LIMIT).map((r) => {
      balance += sign * (Number(r.debit) - Number(r.credit));
      return {
        entryId: r.entry_id,
        valueDate: r.value_date,
        loanId: r.loan_id,
        eventType: r.event_type,
        debit: Number(r.debit),
        credit: Number(r.credit),
        balance,
      };
    });
    return { account, from: from ?? null, to: to ?? null, opening, lines, closing, truncated: rows.length > STATEMENT_LIMIT };
  }

  /**
   * Loans receivable in the books against the sum of every loan's principal outstanding by lending, on `asOf`; the
   * loans of a product version under the rule `none` are not on the books, so they are left out of both sides.
   */
  async reconciliation(asOf: string): Promise<Reconciliation> {
    const code = LOAN_BOOK_ACCOUNTS.loansReceivable;
    const [books, everyPrincipal, unbooked] = await Promise.all([
      this.db
        .selectFrom('journal_lines')
        .select(['loan_id', sql<string>`sum(debit) - sum(credit)`.as('balance')])
        .where('account_code', '=', code)
        .where('value_date', '<=', asOf)
        .where('loan_id', 'is not', null)
        .groupBy('loan_id')
        .execute(),
      this.principals.outstandingOn(asOf),
      this.db.selectFrom('accounting_loans').select('loan_id').where('rule', '=', 'none').execute(),
    ]);
    const offTheBooks = new Set(unbooked.map((row) => row.loan_id));
    const principals = everyPrincipal.filter((loan) => !offTheBooks.has(loan.loanId));
    const [total] = await Promise.all([
      this.db
        .selectFrom('account_days')
        .select(sql<string>`coalesce(sum(debits) - sum(credits), 0)`.as('balance'))
        .where('account_code', '=', code)
        .where('day', '<=', asOf)
        .executeTakeFirstOrThrow(),
    ]);
    const byLoan = new Map(books.map((b) => [b.loan_id!, Number(b.balance)]));
    const mismatches: Reconciliation['mismatches'] = [];
    for (const loan of principals) {
      const inBooks = byLoan.get(loan.loanId) ?? 0;
      byLoan.delete(loan.loanId);
      if (inBooks !== loan.principal && mismatches.length < 100)
        mismatches.push({ loanId: loan.loanId, books: inBooks, principal: loan.principal });
    }
    for (const [loanId, inBooks] of byLoan) {
      if (inBooks !== 0 && mismatches.length < 100) mismatches.push({ loanId, books: inBooks, principal: 0 });
    }
    const loansReceivable = Number(total.balance);
    const outstandingPrincipal = principals.reduce((sum, p) => sum + p.principal, 0);
    return {
      asOf,
      loansReceivable,
      outstandingPrincipal,
      difference: loansReceivable - outstandingPrincipal,
      loans: principals.length,
      mismatches,
    };
  }
}
