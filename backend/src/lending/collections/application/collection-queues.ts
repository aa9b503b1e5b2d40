import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { StaffMembers } from '../../../identity/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { cappedCount, direction, likePattern, sortable } from '../../../platform/query/list-query.js';
import { addDays } from '../../loan/domain/calendar.js';
import type { OwedParts } from '../../loan/domain/schedule/owed-at.js';
import { MAX_GRACE_DAYS } from '../../loan/domain/terms/loan-product.js';
import { collectionReminders } from './collection-reminder-columns.js';

/** The buckets of the spec, spelt as it spells them. */
export const INSTALMENT_BUCKETS = ['Upcoming', 'Due', 'Overdue', 'Partial', 'Paid', 'Reminder'] as const;
export const LOAN_BUCKETS = ['Active', 'closed', 'Setteled', 'Disbursal'] as const;
export const PAYMENT_BUCKETS = ['Pending'] as const;
export const COLLECTION_BUCKETS = [...INSTALMENT_BUCKETS, ...LOAN_BUCKETS, ...PAYMENT_BUCKETS] as const;
export type CollectionBucket = (typeof COLLECTION_BUCKETS)[number];

/** What each bucket lists one row per. */
export const BUCKET_KIND: Record<CollectionBucket, CollectionRow['kind']> = {
  Upcoming: 'instalment',
  Due: 'instalment',
  Overdue: 'instalment',
  Partial: 'instalment',
  Paid: 'instalment',
  Reminder: 'instalment',
  Active: 'loan',
  closed: 'loan',
  Setteled: 'loan',
  Disbursal: 'loan',
  Pending: 'payment',
};

/** A row query's last column when nothing more is asked (a single row adds the buckets it is in). */
const NO_EXTRA = sql`NULL::text[] AS buckets`;

/** Paid instalments and disbursed loans stay in their buckets this many days. */
export const RECENT_DAYS = 30;

/** Sortable fields (API name -> column of the row query `r`), nulls last. */
export const COLLECTION_SORT = sortable({ dpd: 'r.dpd', dueDate: 'r.due_date', amountDue: 'r.amount_due' }, { nulls: 'last' });

export type CollectionFilter = { q?: string; classification?: string; assignedTo?: string; dpdFrom?: number; dpdTo?: number };

/** A row's id names its kind: `inst:<loanId>:<number>`, `loan:<loanId>`, `pay:<paymentId>`. */
export type CollectionRowId =
  { kind: 'inst'; loanId: string; number: number } | { kind: 'loan'; loanId: string } | { kind: 'pay'; paymentId: string };

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const ROW_ID = new RegExp(`^(?:inst:(${UUID}):(\\d{1,4})|loan:(${UUID})|pay:(${UUID}))$`);

export function parseCollectionRowId(id: string): CollectionRowId | undefined {
  const m = ROW_ID.exec(id);
  if (!m) return undefined;
  if (m[1] !== undefined) return { kind: 'inst', loanId: m[1].toLowerCase(), number: Number(m[2]) };
  if (m[3] !== undefined) return { kind: 'loan', loanId: m[3].toLowerCase() };
  return { kind: 'pay', paymentId: m[4]!.toLowerCase() };
}

export type CollectionRow = {
  id: string;
  kind: 'instalment' | 'loan' | 'payment';
  loanId: string;
  state: string;
  borrower: { name: string | null; phone: string | null };
  instalmentNumber: number | null;
  dueDate: string | null;
  amountDue: number | null;
  amountOverdue: number | null;
  due: OwedParts | null;
  outstanding: number | null;
  amountPaid: number | null;
  /** Single-row answers only: the buckets the row is in now. */
  buckets?: CollectionBucket[];
  dpd: number;
  classification: string;
  lastReminderAt: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
  lastContactAt: string | null;
  promiseToPayOn: string | null;
  promiseBroken: boolean;
  paymentId: string | null;
  amount: number | null;
};

type RowRecord = {
  id: string;
  kind: CollectionRow['kind'];
  loan_id: string;
  state: string;
  borrower_name: string | null;
  borrower_phone: string | null;
  instalment_number: number | null;
  due_date: string | null;
  amount_due: string | null;
  amount_overdue: string | null;
  due_principal: string | null;
  due_interest: string | null;
  due_fees: string | null;
  due_penalties: string | null;
  outstanding: string | null;
  amount_paid: string | null;
  buckets?: CollectionBucket[];
  dpd: number;
  classification: string;
  last_reminder_at: Date | null;
  assigned_to: string | null;
  last_contact_at: Date | null;
  promise_to_pay_on: string | null;
  promise_broken: boolean;
  payment_id: string | null;
  amount: string | null;
};

/** What is still owed on an instalment row `t` (the domain's owedOf, kept by the loan-servicing projection). */
const owedOn = (t: string, part?: 'principal' | 'interest' | 'fees' | 'penalties') =>
  sql.raw(part ? `${t}.owed_${part}` : `(${t}.owed_principal + ${t}.owed_interest + ${t}.owed_fees + ${t}.owed_penalties)`);
const paidOn = (t: string) => sql.raw(`(${t}.paid_principal + ${t}.paid_interest + ${t}.paid_fees + ${t}.paid_penalties)`);
const unpaid = (t: string) => sql`${owedOn(t)} > 0`;
/** The product's grace days as the loan pinned them (`s` is the loan_summaries row). */
const GRACE = sql`coalesce((s.loan_state #>> '{product,terms,graceDays}')::int, 0)`;
const money = (value: string | null) => (value === null ? null : Number(value));

/**
 * The collection buckets (issue 13 item 3), read from the servicing read models at the business date: one row per
 * instalment, loan or payment as the bucket lists. Days past due are counted at the business date from the oldest
 * unpaid due date (the RBI's count, as COB's: 1 at the day end of the due date), from stored dates, never the value
 * COB last recorded. Bucket membership is an index range (instalments by due or paid date, loans by state and
 * disbursal date, payments by status); filters and sorts apply to the bucket's rows.
 */
@Injectable()
export class CollectionQueues {
  constructor(
    @Inject(DB) private readonly db: Db,
    /** Bucket pages and counts (READ_DB: the replica when there is one); one row by its id reads the primary. */
    @Inject(READ_DB) private readonly readDb: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly staff: StaffMembers,
  ) {}

  async list(
    bucket: CollectionBucket,
    filter: CollectionFilter,
    sort: ListParams['sort'],
    range: ListParams['range'],
  ): Promise<{ rows: CollectionRow[]; total: number }> {
    const today = await this.businessDate.today();
    const rows = this.bucketRows(bucket, today);
    const where = this.filterCondition(filter);
    const [page, count] = await Promise.all([
      sql<RowRecord>`SELECT r.* FROM (${rows}) r WHERE ${where} ORDER BY ${COLLECTION_SORT.orderBy(sort)}, r.id ${sql.raw(direction(sort))} OFFSET ${range.start} LIMIT ${range.end - range.start + 1}`.execute(
        this.readDb,
      ),
      cappedCount(this.readDb, sql`SELECT 1 FROM (${rows}) r WHERE ${where}`),
    ]);
    return { rows: await this.views(page.rows), total: count };
  }

  /** How many rows each bucket lists, in one statement. */
  async counts(): Promise<Record<CollectionBucket, number>> {
    const today = await this.businessDate.today();
    const columns = COLLECTION_BUCKETS.map(
      (bucket) => sql`(SELECT count(*) FROM (${this.bucketRows(bucket, today)}) r) AS ${sql.ref(bucket)}`,
    );
    const { rows } = await sql<Record<CollectionBucket, string>>`SELECT ${sql.join(columns)}`.execute(this.readDb);
    return Object.fromEntries(COLLECTION_BUCKETS.map((bucket) => [bucket, Number(rows[0]![bucket])])) as Record<CollectionBucket, number>;
  }

  /**
   * One row by its id, whatever bucket it is in (undefined when there is none), with the buckets it is in now: each
   * bucket's own condition, evaluated on this one row.
   */
  async row(id: CollectionRowId): Promise<CollectionRow | undefined> {
    const today = await this.businessDate.today();
    const kind = id.kind === 'inst' ? 'instalment' : id.kind === 'loan' ? 'loan' : 'payment';
    const ofKind = COLLECTION_BUCKETS.filter((bucket) => BUCKET_KIND[bucket] === kind);
    const membership = sql`array_remove(ARRAY[${sql.join(ofKind.map((bucket) => sql`CASE WHEN ${this.bucketCondition(bucket, today)} THEN ${bucket} END`))}]::text[], NULL) AS buckets`;
    const query =
      id.kind === 'inst'
        ? this.instalmentRows(today, sql`i.loan_id = ${id.loanId}::uuid AND i.number = ${id.number}`, membership)
        : id.kind === 'loan'
          ? this.loanRows(today, sql`s.id = ${id.loanId}::uuid AND s.disbursed_on IS NOT NULL`, membership)
          : this.paymentRows(today, sql`p.id = ${id.paymentId}::uuid`, membership);
    const { rows } = await query.execute(this.db);
    return rows[0] ? (await this.views(rows))[0] : undefined;
  }

  private bucketRows(bucket: CollectionBucket, today: string): RawBuilder<RowRecord> {
    const condition = this.bucketCondition(bucket, today);
    switch (BUCKET_KIND[bucket]) {
      case 'instalment':
        return this.instalmentRows(today, condition);
      case 'loan':
        return this.loanRows(today, condition);
      case 'payment':
        return this.paymentRows(today, condition);
    }
  }

  /** Whether a row is in `bucket` at business date `today`: over `i` (instalment), `s` (loan) and `p` (payment). */
  private bucketCondition(bucket: CollectionBucket, today: string): RawBuilder<boolean> {
    const { upcomingDays } = this.config.collections;
    const active = sql`s.state = 'active'`;
    const recent = addDays(today, -RECENT_DAYS);
    switch (bucket) {
      case 'Upcoming':
        return sql`(${active} AND ${unpaid('i')} AND i.due_date > ${today}::date AND i.due_date <= ${addDays(today, upcomingDays)}::date)`;
      case 'Due':
        return sql`(${active} AND ${unpaid('i')} AND i.due_date <= ${today}::date AND i.due_date >= ${addDays(today, -MAX_GRACE_DAYS)}::date AND i.due_date + ${GRACE} >= ${today}::date)`;
      case 'Overdue':
        return sql`(${active} AND ${unpaid('i')} AND i.due_date < ${today}::date AND i.due_date + ${GRACE} < ${today}::date)`;
      case 'Partial':
        return sql`(${active} AND ${unpaid('i')} AND ${paidOn('i')} > 0 AND i.due_date <= ${addDays(today, upcomingDays)}::date)`;
      case 'Paid':
        return sql`(NOT ${unpaid('i')} AND i.paid_on >= ${recent}::date AND i.paid_on <= ${today}::date)`;
      case 'Reminder':
        return sql`(${active} AND ${unpaid('i')} AND ${collectionReminders.isDue(today, this.config.reminders)})`;
      case 'Active':
        return sql`(s.state = 'active')`;
      case 'closed':
        return sql`(s.state = 'closed')`;
      case 'Setteled':
        return sql`(s.state = 'settled')`;
      case 'Disbursal':
        return sql`(s.disbursed_on >= ${recent}::date AND s.disbursed_on <= ${today}::date)`;
      case 'Pending':
        return sql`(p.status = 'pending')`;
    }
  }

  /**
   * Days past due of loan `loanId` as of the last day end closed, the one before the business date: the RBI's count
   * (1 at the day end of the due date), so an instalment due today is 0 until today ends, and the row agrees with the
   * dpd close of business records and with what the borrower is shown.
   */
  private dpd(loanId: RawBuilder<unknown>, today: string): RawBuilder<number> {
    return sql<number>`coalesce(${today}::date - (
      SELECT min(u.due_date) FROM loan_instalments u WHERE u.loan_id = ${loanId} AND u.due_date < ${today}::date AND ${unpaid('u')}
    ), 0)`;
  }

  /** A promise to pay whose date has passed with no payment received since it was made. */
  private promiseBroken(loanId: RawBuilder<unknown>, today: string): RawBuilder<boolean> {
    return sql<boolean>`(c.promise_to_pay_on IS NOT NULL AND c.promise_to_pay_on < ${today}::date AND NOT EXISTS (
      SELECT 1 FROM payments p2 WHERE p2.loan_id = ${loanId} AND p2.status IN ('pending', 'applied') AND coalesce(p2.paid_on, p2.recorded_at::date) >= c.promise_made_on
    ))`;
  }

  private loanColumns(loanId: RawBuilder<unknown>, today: string) {
    return sql`s.state, b.name AS borrower_name, b.phone AS borrower_phone, ${this.dpd(loanId, today)} AS dpd, s.classification,
      c.assigned_to, c.last_contact_at, c.promise_to_pay_on, ${this.promiseBroken(loanId, today)} AS promise_broken`;
  }

  /**
   * An instalment row: what is still owed on it (by component: the domain's owedOf, as the loan-servicing projection
   * keeps it) and, once past its grace days, the same as overdue.
   */
  private instalmentRows(today: string, condition: RawBuilder<unknown>, extra: RawBuilder<unknown> = NO_EXTRA): RawBuilder<RowRecord> {
    const loanId = sql`i.loan_id`;
    return sql<RowRecord>`
      SELECT 'inst:' || i.loan_id || ':' || i.number AS id, 'instalment' AS kind, i.loan_id, ${this.loanColumns(loanId, today)},
        i.number AS instalment_number, i.due_date, ${owedOn('i')} AS amount_due,
        CASE WHEN i.due_date + ${GRACE} < ${today}::date THEN ${owedOn('i')} ELSE 0 END AS amount_overdue,
        i.owed_principal AS due_principal, i.owed_interest AS due_interest, i.owed_fees AS due_fees, i.owed_penalties AS due_penalties,
        NULL::bigint AS outstanding, ${paidOn('i')} AS amount_paid,
        ${collectionReminders.lastReminderAt()} AS last_reminder_at, NULL::uuid AS payment_id, NULL::bigint AS amount, ${extra}
      FROM loan_instalments i
      JOIN loan_summaries s ON s.id = i.loan_id
      LEFT JOIN loan_borrowers b ON b.user_id = s.borrower_id
      LEFT JOIN collection_loans c ON c.loan_id = i.loan_id
      WHERE ${condition}`;
  }

  /**
   * A loan row: its next unpaid due date; what is owed now, on the instalments due by the business date (by component),
   * and the part of it past grace; everything outstanding (future instalments too) apart; what its instalments were paid.
   */
  private loanRows(today: string, condition: RawBuilder<unknown>, extra: RawBuilder<unknown> = NO_EXTRA): RawBuilder<RowRecord> {
    const loanId = sql`s.id`;
    // Correlated reads of the loan's instalments (by primary key), evaluated for the rows a page shows, not for a count.
    const sumOver = (expression: RawBuilder<unknown>, when: RawBuilder<unknown>) =>
      sql`(SELECT coalesce(sum(${expression}), 0) FROM loan_instalments u WHERE u.loan_id = s.id AND ${when})`;
    const dueBy = sql`u.due_date <= ${today}::date`;
    return sql<RowRecord>`
      SELECT 'loan:' || s.id AS id, 'loan' AS kind, s.id AS loan_id, ${this.loanColumns(loanId, today)},
        NULL::integer AS instalment_number,
        (SELECT min(u.due_date) FROM loan_instalments u WHERE u.loan_id = s.id AND ${unpaid('u')}) AS due_date,
        ${sumOver(owedOn('u'), dueBy)} AS amount_due, ${sumOver(owedOn('u'), sql`u.due_date + ${GRACE} < ${today}::date`)} AS amount_overdue,
        ${sumOver(owedOn('u', 'principal'), dueBy)} AS due_principal, ${sumOver(owedOn('u', 'interest'), dueBy)} AS due_interest,
        ${sumOver(owedOn('u', 'fees'), dueBy)} AS due_fees, ${sumOver(owedOn('u', 'penalties'), dueBy)} AS due_penalties,
        coalesce(ls.outstanding_total, 0) AS outstanding, ${sumOver(paidOn('u'), sql`TRUE`)} AS amount_paid,
        NULL::timestamptz AS last_reminder_at, NULL::uuid AS payment_id, NULL::bigint AS amount, ${extra}
      FROM loan_summaries s
      LEFT JOIN loan_servicing ls ON ls.loan_id = s.id
      LEFT JOIN loan_borrowers b ON b.user_id = s.borrower_id
      LEFT JOIN collection_loans c ON c.loan_id = s.id
      WHERE ${condition}`;
  }

  private paymentRows(today: string, condition: RawBuilder<unknown>, extra: RawBuilder<unknown> = NO_EXTRA): RawBuilder<RowRecord> {
    const loanId = sql`p.loan_id`;
    return sql<RowRecord>`
      SELECT 'pay:' || p.id AS id, 'payment' AS kind, p.loan_id, ${this.loanColumns(loanId, today)},
        NULL::integer AS instalment_number, p.paid_on AS due_date, NULL::bigint AS amount_due, NULL::bigint AS amount_overdue,
        NULL::bigint AS due_principal, NULL::bigint AS due_interest, NULL::bigint AS due_fees, NULL::bigint AS due_penalties,
        NULL::bigint AS outstanding, NULL::bigint AS amount_paid,
        NULL::timestamptz AS last_reminder_at, p.id AS payment_id, p.amount, ${extra}
      FROM payments p
      JOIN loan_summaries s ON s.id = p.loan_id
      LEFT JOIN loan_borrowers b ON b.user_id = s.borrower_id
      LEFT JOIN collection_loans c ON c.loan_id = p.loan_id
      WHERE ${condition}`;
  }

  private filterCondition(filter: CollectionFilter): RawBuilder<boolean> {
    const conditions: RawBuilder<unknown>[] = [sql`TRUE`];
    if (filter.q !== undefined && filter.q.trim() !== '') {
      const like = likePattern(filter.q.trim());
      conditions.push(sql`(r.borrower_name ILIKE ${like} OR r.borrower_phone ILIKE ${like} OR r.loan_id::text ILIKE ${like})`);
    }
    if (filter.classification !== undefined) conditions.push(sql`r.classification = ${filter.classification}`);
    if (filter.assignedTo !== undefined) conditions.push(sql`r.assigned_to = ${filter.assignedTo}`);
    if (filter.dpdFrom !== undefined) conditions.push(sql`r.dpd >= ${filter.dpdFrom}`);
    if (filter.dpdTo !== undefined) conditions.push(sql`r.dpd <= ${filter.dpdTo}`);
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** Rows as the API answers them: an allow-list of fields, collectors named. */
  private async views(records: RowRecord[]): Promise<CollectionRow[]> {
    const collectorIds = [...new Set(records.map((r) => r.assigned_to).filter((id): id is string => id !== null))];
    const names = new Map((await this.staff.membersOf(collectorIds)).map((m) => [m.id, m.name]));
    return records.map((r) => ({
      id: r.id,
      kind: r.kind,
      loanId: r.loan_id,
      state: r.state,
      borrower: { name: r.borrower_name, phone: r.borrower_phone },
      instalmentNumber: r.instalment_number,
      dueDate: r.due_date,
      amountDue: money(r.amount_due),
      amountOverdue: money(r.amount_overdue),
      due:
        r.amount_due === null
          ? null
          : {
              principal: Number(r.due_principal),
              interest: Number(r.due_interest),
              fees: Number(r.due_fees),
              penalties: Number(r.due_penalties),
              total: Number(r.amount_due),
            },
      outstanding: money(r.outstanding),
      amountPaid: money(r.amount_paid),
      ...(r.buckets ? { buckets: r.buckets } : {}),
      dpd: Number(r.dpd),
      classification: r.classification,
      lastReminderAt: r.last_reminder_at === null ? null : new Date(r.last_reminder_at).toISOString(),
      assignedTo: r.assigned_to,
      assignedToName: r.assigned_to === null ? null : (names.get(r.assigned_to) ?? null),
      lastContactAt: r.last_contact_at === null ? null : new Date(r.last_contact_at).toISOString(),
      promiseToPayOn: r.promise_to_pay_on,
      promiseBroken: r.promise_broken,
      paymentId: r.payment_id,
      amount: money(r.amount),
    }));
  }
}
