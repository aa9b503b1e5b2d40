import { sql } from 'kysely';
import type { Db } from '../database/database.js';
import { calendarDateIn, type BusinessDate, type BusinessDateStatus } from './business-date.port.js';

/**
 * BUSINESS_DATE_MODE=manual: the date staff set, kept in PostgreSQL so every API and worker process reads the same
 * one; until someone sets it, today in the business time zone. Every change is audited (who, when, from, to).
 */
export class ManualBusinessDate implements BusinessDate {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async today(): Promise<string> {
    return (await this.status()).date;
  }

  async status(): Promise<BusinessDateStatus> {
    const row = await this.db.selectFrom('business_date').select(['date', 'updated_by', 'updated_at']).executeTakeFirst();
    if (!row) return { date: calendarDateIn(this.timeZone, this.clock()), mode: 'manual', timeZone: this.timeZone };
    return { date: row.date, mode: 'manual', timeZone: this.timeZone, setBy: row.updated_by, setAt: row.updated_at.toISOString() };
  }

  async set(date: string, actorId: string): Promise<BusinessDateStatus> {
    await this.db.transaction().execute(async (trx) => {
      // One change at a time, so each audit row's "from" is the date the change replaced.
      await sql`SELECT pg_advisory_xact_lock(hashtext('business_date'))`.execute(trx);
      const current = await trx.selectFrom('business_date').select('date').executeTakeFirst();
      const from = current?.date ?? calendarDateIn(this.timeZone, this.clock());
      const at = this.clock();
      await trx
        .insertInto('business_date')
        .values({ date, updated_by: actorId, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ date, updated_by: actorId, updated_at: at }))
        .execute();
      await trx.insertInto('business_date_changes').values({ from_date: from, to_date: date, changed_by: actorId }).execute();
    });
    return this.status();
  }
}
