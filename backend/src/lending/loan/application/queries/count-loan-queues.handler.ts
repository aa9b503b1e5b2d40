import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../../platform/database/database.js';
import { READ_DB } from '../../../../platform/database/read-database.js';
import { LOAN_QUEUES, type LoanQueue } from './loan-queues.js';

export class CountLoanQueuesQuery {}

/**
 * The menu's badge counts: one read of `loan_queue_counts` (a few hundred rows), which the loan-summaries
 * projection keeps with the read model (migration 0012), instead of counting a million rows.
 */
@QueryHandler(CountLoanQueuesQuery)
export class CountLoanQueuesHandler implements IQueryHandler<CountLoanQueuesQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute(): Promise<Record<LoanQueue, number>> {
    const rows = await this.db
      .selectFrom('loan_queue_counts')
      .select((eb) => ['queue', eb.fn.sum<string>('n').as('n')])
      .groupBy('queue')
      .execute();
    const counts = Object.fromEntries(LOAN_QUEUES.map((q) => [q, 0])) as Record<LoanQueue, number>;
    for (const row of rows) if (row.queue in counts) counts[row.queue as LoanQueue] = Number(row.n);
    return counts;
  }
}
