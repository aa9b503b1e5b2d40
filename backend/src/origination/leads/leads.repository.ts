import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import { READ_DB } from '../../platform/database/read-database.js';
import type { Database, LeadsTable } from '../../platform/database/schema.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../platform/query/list-query.js';
import type { LeadSource, LeadStatus } from '../domain/leads.js';

export type LeadRow = Selectable<LeadsTable> & { duplicates: string[] };
/** Whose leads a caller reaches: every lead (leads.manage), or only those assigned to one agent (leads.work). */
export type LeadScope = { agentId?: string };
export type LeadListFilter = { q?: string; status?: LeadStatus; source?: LeadSource; assignedTo?: string; ids?: string[] };
export type LeadChange = { field: string; from: string | null; to: string | null; reason?: string | null };
export type NewLead = {
  name: string;
  phone: string;
  email: string | null;
  source: LeadSource;
  assignedTo: string | null;
  followUpOn: string | null;
};

export type LeadEdit = {
  set: Pick<Updateable<LeadsTable>, 'name' | 'phone' | 'email' | 'assigned_to' | 'follow_up_on' | 'status' | 'lost_reason' | 'borrower_id'>;
  changes: LeadChange[];
};

export const LEAD_SORT = sortable(
  {
    name: 'l.name',
    status: 'l.status',
    source: 'l.source',
    followUpOn: 'l.follow_up_on',
    createdAt: 'l.created_at',
    updatedAt: 'l.updated_at',
  },
  { nulls: 'last' },
);

/** Leads, their audit trail (`lead_changes`) and notes in PostgreSQL; every write and its audit rows in one transaction. */
@Injectable()
export class LeadsRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    /** Pages and counts (READ_DB: the replica when there is one); one lead, its history and every write: the primary. */
    @Inject(READ_DB) private readonly readDb: Db,
  ) {}

  private leads(db: Db | Transaction<Database> = this.db) {
    return db
      .selectFrom('leads as l')
      .selectAll('l')
      .select(
        sql<
          string[]
        >`array(SELECT o.id::text FROM leads o WHERE o.id <> l.id AND (o.phone = l.phone OR (l.email IS NOT NULL AND lower(o.email) = lower(l.email))) ORDER BY o.created_at, o.id)`.as(
          'duplicates',
        ),
      );
  }

  /** One page of leads; `today` (YYYY-MM-DD) puts follow-ups due that day first, then overdue, later, undated. */
  async list(scope: LeadScope, filter: LeadListFilter, sort: ListParams['sort'], range: ListParams['range'], today?: string) {
    let query = this.leads(this.readDb);
    if (scope.agentId) query = query.where('l.assigned_to', '=', scope.agentId);
    if (filter.status) query = query.where('l.status', '=', filter.status);
    if (filter.source) query = query.where('l.source', '=', filter.source);
    if (filter.assignedTo) query = query.where('l.assigned_to', '=', filter.assignedTo);
    if (filter.ids) query = query.where('l.id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const q = likePattern(filter.q);
      const digits = filter.q.replace(/\D/g, '');
      query = query.where((eb) =>
        eb.or([eb('l.name', 'ilike', q), eb('l.email', 'ilike', q), ...(digits.length >= 4 ? [eb('l.phone', 'like', `%${digits}%`)] : [])]),
      );
    }
    let ordered = query;
    if (today) {
      ordered = ordered
        .orderBy(
          sql`CASE WHEN l.follow_up_on = ${today}::date THEN 0 WHEN l.follow_up_on < ${today}::date THEN 1 WHEN l.follow_up_on IS NOT NULL THEN 2 ELSE 3 END`,
        )
        .orderBy('l.follow_up_on', 'asc');
    }
    const [rows, total] = await Promise.all([
      ordered.orderBy(LEAD_SORT.orderBy(sort)).orderBy('l.id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.readDb, query),
    ]);
    return { rows: rows as LeadRow[], total };
  }

  async find(id: string, scope: LeadScope): Promise<LeadRow | undefined> {
    let query = this.leads().where('l.id', '=', id);
    if (scope.agentId) query = query.where('l.assigned_to', '=', scope.agentId);
    return (await query.executeTakeFirst()) as LeadRow | undefined;
  }

  changesOf(id: string) {
    return this.db.selectFrom('lead_changes').selectAll().where('lead_id', '=', id).orderBy('id').execute();
  }

  notesOf(id: string) {
    return this.db.selectFrom('lead_notes').selectAll().where('lead_id', '=', id).orderBy('created_at').orderBy('id').execute();
  }

  /** Inserts a lead and its first audit row (status: none → new). */
  async create(lead: NewLead, by: string): Promise<LeadRow> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('leads')
        .values({
          id,
          name: lead.name,
          phone: lead.phone,
          email: lead.email,
          source: lead.source,
          status: 'new',
          assigned_to: lead.assignedTo,
          follow_up_on: lead.followUpOn,
          created_by: by,
          updated_at: sql<Date>`now()`,
        })
        .execute();
      await this.audit(
        trx,
        id,
        [
          { field: 'status', from: null, to: 'new', reason: `created (${lead.source})` },
          ...(lead.assignedTo ? [{ field: 'assignedTo', from: null, to: lead.assignedTo }] : []),
        ],
        by,
      );
    });
    return (await this.find(id, {}))!;
  }

  /**
   * Changes a lead under its row lock: `decide` reads the locked row and answers the columns to set and the changes
   * to audit (or throws, and nothing is written). Undefined when the lead is not in scope.
   */
  async change(
    id: string,
    scope: LeadScope,
    by: string,
    decide: (row: Selectable<LeadsTable>) => LeadEdit | Promise<LeadEdit>,
  ): Promise<LeadRow | undefined> {
    const found = await this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('leads').selectAll().where('id', '=', id).forUpdate();
      if (scope.agentId) query = query.where('assigned_to', '=', scope.agentId);
      const row = await query.executeTakeFirst();
      if (!row) return false;
      const { set, changes } = await decide(row);
      if (changes.length === 0) return true;
      await trx
        .updateTable('leads')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, id, changes, by);
      return true;
    });
    return found ? this.find(id, {}) : undefined;
  }

  /** Adds a note to a lead in scope (audited as a change of `note`); undefined when the lead is not in scope. */
  async addNote(id: string, scope: LeadScope, text: string, by: string) {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('leads').select('id').where('id', '=', id).forUpdate();
      if (scope.agentId) query = query.where('assigned_to', '=', scope.agentId);
      if (!(await query.executeTakeFirst())) return undefined;
      const note = await trx
        .insertInto('lead_notes')
        .values({ id: randomUUID(), lead_id: id, text, author_id: by })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('leads')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, id, [{ field: 'note', from: null, to: note.id }], by);
      return note;
    });
  }

  /** Leads created in [from, to] (dates in `timeZone`), counted by status and by source. */
  async statusCounts(from: string, to: string, timeZone: string) {
    const rows = await this.readDb
      .selectFrom('leads')
      .select(['status', 'source', (eb) => eb.fn.countAll<string>().as('n')])
      .where(sql<boolean>`(created_at AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date`)
      .groupBy(['status', 'source'])
      .execute();
    return rows.map((r) => ({ status: r.status, source: r.source, count: Number(r.n) }));
  }

  private async audit(trx: Transaction<Database>, leadId: string, changes: LeadChange[], by: string) {
    if (changes.length === 0) return;
    await trx
      .insertInto('lead_changes')
      .values(
        changes.map((c) => ({
          lead_id: leadId,
          field: c.field,
          from_value: c.from,
          to_value: c.to,
          reason: c.reason ?? null,
          changed_by: by,
        })),
      )
      .execute();
  }
}
