import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable, type Transaction } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { Database, LeadsTable } from '../../platform/database/schema.js';
import type { QuickStartAnswers } from '../domain/quick-start.js';
import type { LeadChange } from './leads.repository.js';

/** Who the audit trail names for a visitor's own answers (no user exists yet). */
export const QUICK_START_ACTOR = 'quick-start';

export type QuickStartLeadRow = Selectable<LeadsTable> & { answers: QuickStartAnswers; applicationId: string | null };

const toRow = (row: Selectable<LeadsTable>): QuickStartLeadRow => {
  const { answers, applicationId } = row.quick_start as { answers?: QuickStartAnswers; applicationId?: string };
  return { ...row, answers: answers ?? {}, applicationId: applicationId ?? null };
};

/** A quick start's lead: its answers and the application it opened live in `leads.quick_start`; every change audited. */
@Injectable()
export class QuickStartLeadsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The phone's latest quick start lead, if any. */
  async latestFor(phone: string): Promise<QuickStartLeadRow | undefined> {
    const row = await this.db
      .selectFrom('leads')
      .selectAll()
      .where('phone', '=', phone)
      .where('source', '=', 'quickStart')
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  async create(phone: string, firstPage: string): Promise<QuickStartLeadRow> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('leads')
        .values({
          id,
          phone,
          source: 'quickStart',
          status: 'new',
          quick_start: JSON.stringify({ answers: {} }),
          quick_start_step: firstPage,
          created_by: QUICK_START_ACTOR,
          updated_at: sql<Date>`now()`,
        })
        .execute();
      await this.audit(trx, id, [{ field: 'status', from: null, to: 'new', reason: 'created (quickStart)' }]);
    });
    return (await this.find(id))!;
  }

  async find(id: string): Promise<QuickStartLeadRow | undefined> {
    const row = await this.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /**
   * Saves answers under the lead's row lock: `decide` reads the locked row and answers what to keep (or throws, and
   * nothing is written). The lead's name and email follow the basic details; each change is audited.
   */
  async saveAnswers(
    id: string,
    decide: (row: QuickStartLeadRow) => { answers: QuickStartAnswers; page: string; name?: string; email?: string },
  ): Promise<QuickStartLeadRow> {
    await this.db.transaction().execute(async (trx) => {
      const row = toRow(await trx.selectFrom('leads').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow());
      const next = decide(row);
      const changes: LeadChange[] = [];
      if (next.page !== row.quick_start_step) changes.push({ field: 'quickStartStep', from: row.quick_start_step, to: next.page });
      if (next.name !== undefined && next.name !== row.name) changes.push({ field: 'name', from: row.name || null, to: next.name });
      if (next.email !== undefined && next.email !== row.email) changes.push({ field: 'email', from: row.email, to: next.email });
      await trx
        .updateTable('leads')
        .set({
          quick_start: JSON.stringify({ answers: next.answers }),
          quick_start_step: next.page,
          ...(next.name !== undefined ? { name: next.name } : {}),
          ...(next.email !== undefined ? { email: next.email } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, id, changes);
    });
    return (await this.find(id))!;
  }

  /**
   * Runs `work` holding the lead's finishing lock (a transaction-scoped advisory lock, so `work` may write the lead
   * and other tables on other connections meanwhile): a second finish of the same lead waits, then sees the first's
   * outcome.
   */
  async whileFinishing<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`quick-start:${id}`}, 0))`.execute(trx);
      return work();
    });
  }

  /** The borrower this quick start created, kept as soon as it exists (a failed finish then resumes with it). */
  async linkBorrower(id: string, borrowerId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('leads')
        .set({ borrower_id: borrowerId, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, id, [{ field: 'borrowerId', from: null, to: borrowerId }]);
    });
  }

  /** The quick start is over: the lead is converted to its borrower and remembers the application it opened. */
  async finish(id: string, applicationId: string, page: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = toRow(await trx.selectFrom('leads').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow());
      await trx
        .updateTable('leads')
        .set({
          status: 'converted',
          quick_start: JSON.stringify({ answers: row.answers, applicationId }),
          quick_start_step: page,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, id, [
        { field: 'status', from: row.status, to: 'converted', reason: 'quick start finished' },
        { field: 'quickStartStep', from: row.quick_start_step, to: page },
      ]);
    });
  }

  private async audit(trx: Transaction<Database>, leadId: string, changes: LeadChange[]) {
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
          changed_by: QUICK_START_ACTOR,
        })),
      )
      .execute();
  }
}
