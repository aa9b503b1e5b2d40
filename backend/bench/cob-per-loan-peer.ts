import type { INestApplication } from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  CLOSE_OF_BUSINESS_ACTOR,
  CLOSE_OF_BUSINESS_CHUNK,
  CloseOfBusiness,
} from '../src/lending/collections/application/close-of-business.js';
import { LOADED_LOAN_COLUMNS, LoanCommandExecutor, loadedLoanOf } from '../src/lending/loan/application/loan-command-executor.js';
import { CLOCK, type Clock } from '../src/platform/clock.js';

/** Loans of a page decided and appended at once by the peer, as close of business did before issue 30. */
const LANES = 4;

/**
 * The peer of issue 30 item 5: close of business as it ran before its batches (issue 13, sessions 6–9), kept in the
 * bench to be timed in the same run as the batched one. Page by page of the loans whose next close of business has
 * come (their ids, then their rows), each loan decided and appended on its own (LoanCommandExecutor.execute with
 * its row as the loaded state, its own append and transaction), four at a time. Reminders are not its concern: the
 * bench times it without them and compares the batched run's ageing with it.
 */
export async function perLoanCloseOfBusiness(
  app: INestApplication,
  db: Kysely<any>,
  date: string,
): Promise<{ loansVisited: number; eventsAppended: number }> {
  const cob = app.get(CloseOfBusiness);
  const executor = app.get(LoanCommandExecutor);
  const clock = app.get<Clock>(CLOCK);
  const total = { loansVisited: 0, eventsAppended: 0 };
  for (let after: string | null = null; ;) {
    const ids = await cob.loanIdsAfter(after, CLOSE_OF_BUSINESS_CHUNK, date);
    if (ids.length === 0) return total;
    const rows = await db.selectFrom('loan_summaries').select(LOADED_LOAN_COLUMNS).where('id', 'in', ids).execute();
    total.loansVisited += rows.length;
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < rows.length; i = next++) {
        const row = rows[i]!;
        const loaded = loadedLoanOf(row);
        const at = clock.now().toISOString();
        const result = await executor.execute(
          { type: 'CloseBusinessDay', data: { loanId: row.id, at, actor: CLOSE_OF_BUSINESS_ACTOR, date } },
          { loaded },
        );
        total.eventsAppended += result.events.length;
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    after = ids.at(-1)!;
  }
}
