import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { Db } from '../../../../platform/database/database.js';
import { READ_DB } from '../../../../platform/database/read-database.js';

export class CountLoanActivityQuery {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {}
}

export type ActivityDay = { day: string; applications: number; approvals: number; disbursals: number };

/** Every calendar day from `from` to `to`, inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The dashboard graph: per day in the business time zone (as the other dashboard panels count), applications
 * submitted, final approvals granted and loans disbursed (on their payout date), counted over every loan in the read
 * model, with zeros on quiet days. `from` and `to` are business dates.
 */
@QueryHandler(CountLoanActivityQuery)
export class CountLoanActivityHandler implements IQueryHandler<CountLoanActivityQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ from, to }: CountLoanActivityQuery): Promise<ActivityDay[]> {
    const zone = this.config.businessDate.timeZone;
    const start = sql`((${from}::date)::timestamp AT TIME ZONE ${zone})`;
    const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${zone})`;
    const rows = await sql<{ series: 'applications' | 'approvals' | 'disbursals'; day: string; n: string }>`
      SELECT 'applications' AS series, to_char(submitted_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS day, count(*) AS n
        FROM loan_summaries WHERE submitted_at >= ${start} AND submitted_at < ${end} GROUP BY 2
      UNION ALL
      SELECT 'approvals', to_char(final_approved_at AT TIME ZONE ${zone}, 'YYYY-MM-DD'), count(*)
        FROM loan_summaries WHERE final_approved_at >= ${start} AND final_approved_at < ${end} GROUP BY 2
      UNION ALL
      SELECT 'disbursals', to_char(disbursed_on, 'YYYY-MM-DD'), count(*)
        FROM loan_summaries WHERE disbursed_on BETWEEN ${from}::date AND ${to}::date GROUP BY 2`.execute(this.db);
    const days = new Map(daysBetween(from, to).map((day) => [day, { day, applications: 0, approvals: 0, disbursals: 0 }]));
    for (const r of rows.rows) {
      const point = days.get(r.day);
      if (point) point[r.series] += Number(r.n);
    }
    return [...days.values()];
  }
}
