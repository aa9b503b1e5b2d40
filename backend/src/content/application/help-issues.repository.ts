import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { Database, GrievanceOfficer, HelpIssueMessagesTable, HelpIssuesTable } from '../../platform/database/schema.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../platform/query/list-query.js';
import type { IssueCategory, IssueStatus } from '../domain/help-issue.js';

export type IssueRow = Selectable<HelpIssuesTable>;
export type IssueMessageRow = Selectable<HelpIssueMessagesTable>;
export type IssueChange = { field: string; from: string | null; to: string | null };
export type IssueListFilter = {
  q?: string;
  status?: IssueStatus;
  category?: IssueCategory;
  assignedTo?: string;
  overdue?: boolean;
  borrowerId?: string;
  ids?: string[];
};
export type NewIssue = {
  borrowerId: string;
  category: IssueCategory;
  loanId: string | null;
  message: string;
  attachmentIds: string[];
  /** A complaint's owner: the KFS's grievance officer (and the staff member who is that officer, when one is). */
  grievanceOfficer?: GrievanceOfficer;
  assignedTo?: string;
};
export type IssueEdit = { set: Pick<Updateable<HelpIssuesTable>, 'status' | 'assigned_to' | 'resolved_at'>; changes: IssueChange[] };
/** A complaint the escalation just marked: whose, and when it was received (for the borrower's email). */
export type EscalatedComplaint = { id: string; number: number; borrower_id: string; created_at: Date };
export type NewMessage = { authorId: string; authorRole: 'borrower' | 'staff'; message: string; internal: boolean };

export const ISSUE_SORT = sortable({
  number: 'number',
  status: 'status',
  category: 'category',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

/** Help issues, their messages and audit trail (`help_issue_changes`) in PostgreSQL; every write and its audit rows in one transaction. */
@Injectable()
export class HelpIssuesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** One page of issues; `overdue` compares each issue's age (to its resolution, or to `now`) with `slaHours`. */
  async list(filter: IssueListFilter, sort: ListParams['sort'], range: ListParams['range'], now: Date, slaHours: number) {
    let query = this.db.selectFrom('help_issues');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.assignedTo) query = query.where('assigned_to', '=', filter.assignedTo);
    if (filter.borrowerId) query = query.where('borrower_id', '=', filter.borrowerId);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const q = filter.q.trim();
      query = /^#?\d{1,9}$/.test(q)
        ? query.where('number', '=', Number(q.replace('#', '')))
        : query.where('message', 'ilike', likePattern(q));
    }
    if (filter.overdue !== undefined) {
      const late = sql<boolean>`(CASE WHEN status IN ('resolved', 'closed') AND resolved_at IS NOT NULL THEN resolved_at ELSE ${now}::timestamptz END) > created_at + make_interval(hours => ${slaHours})`;
      query = query.where(filter.overdue ? late : sql<boolean>`NOT ${late}`);
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(ISSUE_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows, total };
  }

  /** The borrower's own issues, newest first. */
  ofBorrower(borrowerId: string) {
    return this.db
      .selectFrom('help_issues')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  /** The issue; only if it is `borrowerId`'s when one is given (another's is as good as none). */
  find(id: string, borrowerId?: string) {
    let query = this.db.selectFrom('help_issues').selectAll().where('id', '=', id);
    if (borrowerId) query = query.where('borrower_id', '=', borrowerId);
    return query.executeTakeFirst();
  }

  /** The issue's messages in order; internal notes only when asked for (staff). */
  messagesOf(issueId: string, withInternal: boolean) {
    let query = this.db.selectFrom('help_issue_messages').selectAll().where('issue_id', '=', issueId);
    if (!withInternal) query = query.where('internal', '=', false);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  changesOf(issueId: string) {
    return this.db.selectFrom('help_issue_changes').selectAll().where('issue_id', '=', issueId).orderBy('id').execute();
  }

  /** Inserts an issue and its first audit row (status: none → open). */
  async create(issue: NewIssue): Promise<IssueRow> {
    const id = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('help_issues')
        .values({
          id,
          borrower_id: issue.borrowerId,
          category: issue.category,
          loan_id: issue.loanId,
          message: issue.message,
          attachment_ids: issue.attachmentIds,
          status: 'open',
          grievance_officer: issue.grievanceOfficer ?? null,
          assigned_to: issue.assignedTo ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(
        trx,
        id,
        [
          { field: 'status', from: null, to: 'open' },
          ...(issue.grievanceOfficer ? [{ field: 'owner', from: null, to: `${issue.grievanceOfficer.name} (grievance officer)` }] : []),
        ],
        issue.borrowerId,
      );
      return row;
    });
  }

  /**
   * Marks escalated every complaint received at or before `cutoff` (30 days before now) that is neither resolved nor
   * closed nor escalated yet, with an audit row each (by `system:grievances`). Answers the issues escalated.
   */
  async escalateComplaints(cutoff: Date, now: Date): Promise<EscalatedComplaint[]> {
    return this.db.transaction().execute(async (trx) => {
      const escalated = await trx
        .updateTable('help_issues')
        .set({ escalated_at: now, updated_at: sql<Date>`now()` })
        .where('category', '=', 'complaint')
        .where('status', 'in', ['open', 'inProgress'])
        .where('escalated_at', 'is', null)
        // Compared at the clock's precision (milliseconds): exactly 30 days after receipt is escalated.
        .where(sql<Date>`date_trunc('milliseconds', created_at)`, '<=', cutoff)
        .returning(['id', 'number', 'borrower_id', 'created_at'])
        .execute();
      for (const issue of escalated)
        await this.audit(trx, issue.id, [{ field: 'escalated', from: null, to: 'not resolved within 30 days' }], 'system:grievances');
      return escalated;
    });
  }

  /** Complaints received, resolved or escalated from `from` on (the report's month and what it reads). */
  complaintsTouchedSince(from: Date) {
    return this.db
      .selectFrom('help_issues')
      .select(['created_at', 'resolved_at', 'escalated_at', 'status'])
      .where('category', '=', 'complaint')
      .where((eb) => eb.or([eb('created_at', '>=', from), eb('resolved_at', '>=', from), eb('escalated_at', '>=', from)]))
      .execute();
  }

  /**
   * Changes an issue under its row lock: `decide` reads the locked row and answers the columns to set and the
   * changes to audit (or throws, and nothing is written). Undefined when there is no such issue.
   */
  async change(id: string, by: string, decide: (row: IssueRow) => IssueEdit): Promise<IssueRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('help_issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      const { set, changes } = decide(row);
      if (changes.length === 0) return row;
      const updated = await trx
        .updateTable('help_issues')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(trx, id, changes, by);
      return updated;
    });
  }

  /**
   * Adds a message under the issue's row lock; `decide` answers the status after it (or throws, and nothing is
   * written). Only the borrower's own issue when `borrowerId` is given. Undefined when there is no such issue.
   */
  async addMessage(id: string, message: NewMessage, decide: (row: IssueRow) => IssueEdit, borrowerId?: string) {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('help_issues').selectAll().where('id', '=', id).forUpdate();
      if (borrowerId) query = query.where('borrower_id', '=', borrowerId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      const { set, changes } = decide(row);
      const saved = await trx
        .insertInto('help_issue_messages')
        .values({
          id: randomUUID(),
          issue_id: id,
          author_id: message.authorId,
          author_role: message.authorRole,
          message: message.message,
          internal: message.internal,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const issue = await trx
        .updateTable('help_issues')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(trx, id, [{ field: message.internal ? 'note' : 'reply', from: null, to: saved.id }, ...changes], message.authorId);
      return { issue, message: saved };
    });
  }

  /** Records the email a reply was sent in. */
  async setReplyEmail(messageId: string, emailId: string) {
    await this.db.updateTable('help_issue_messages').set({ email_id: emailId }).where('id', '=', messageId).execute();
  }

  private async audit(trx: Transaction<Database>, issueId: string, changes: IssueChange[], by: string) {
    if (changes.length === 0) return;
    await trx
      .insertInto('help_issue_changes')
      .values(changes.map((c) => ({ issue_id: issueId, field: c.field, from_value: c.from, to_value: c.to, changed_by: by })))
      .execute();
  }
}
