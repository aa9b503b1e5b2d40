import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import { FUNNEL_STEPS, funnelOf, type FunnelStep } from '../domain/application-funnel.js';

export class CountApplicationFunnelQuery {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {}
}

/**
 * The staff dashboard's funnel: the loans whose application started between `from` and `to` (business dates, in
 * the business time zone), and how many of them reached each step, read from the loan streams of the event log.
 * The started loans are found by type and time (index events_type_time, migration 0028), then their streams by id.
 */
@QueryHandler(CountApplicationFunnelQuery)
export class CountApplicationFunnelHandler implements IQueryHandler<CountApplicationFunnelQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ from, to }: CountApplicationFunnelQuery): Promise<{ from: string; to: string; steps: FunnelStep[] }> {
    const zone = this.config.businessDate.timeZone;
    const types = FUNNEL_STEPS.map((s) => s.event);
    const rows = await sql<{ type: string; loans: string }>`
      WITH started AS (
        SELECT stream_id FROM events
         WHERE type = 'LoanApplicationStarted'
           AND recorded_at >= (${from}::date)::timestamp AT TIME ZONE ${zone}
           AND recorded_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone}))
      SELECT e.type, count(DISTINCT e.stream_id) AS loans
        FROM events e JOIN started s ON s.stream_id = e.stream_id
       WHERE e.type IN (${sql.join(types)})
       GROUP BY e.type`.execute(this.db);
    return { from, to, steps: funnelOf(new Map(rows.rows.map((r) => [r.type, Number(r.loans)]))) };
  }
}
