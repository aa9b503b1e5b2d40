import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import { LOAN_QUEUES, type LoanQueue } from './loan-queues.js';

export class CountLoanQueuesQuery {}

/** One pass over the read model: a count per state, and per gate for the "approved" lists. */
@QueryHandler(CountLoanQueuesQuery)
export class CountLoanQueuesHandler implements IQueryHandler<CountLoanQueuesQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<Record<LoanQueue, number>> {
    const [byState, gates] = await Promise.all([
      sql<{ state: string; n: string }>`SELECT state, count(*) AS n FROM loan_summaries GROUP BY state`.execute(this.db),
      sql<{ soft: string; bank: string; consent: string; final: string }>`
        SELECT count(soft_approved_at) AS soft, count(bank_approved_at) AS bank,
               count(consent_approved_at) AS consent, count(final_approved_at) AS final
        FROM loan_summaries`.execute(this.db),
    ]);
    const counts = Object.fromEntries(LOAN_QUEUES.map((q) => [q, 0])) as Record<LoanQueue, number>;
    for (const row of byState.rows) if (row.state in counts) counts[row.state as LoanQueue] = Number(row.n);
    const g = gates.rows[0];
    counts['soft.approved'] = Number(g.soft);
    counts['bank.approved'] = Number(g.bank);
    counts['consent.approved'] = Number(g.consent);
    counts['final.approved'] = Number(g.final);
    return counts;
  }
}
