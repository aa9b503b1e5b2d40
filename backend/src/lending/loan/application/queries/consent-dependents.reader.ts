import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../../../platform/database/database.js';
import { BorrowerConsentDependents, type ConsentDependents } from '../../../../origination/public/index.js';
import { LOAN_STATES } from '../../domain/loan.types.js';

/** An application on its way: every pipeline state before the money is paid out (LOAN_STATES is in pipeline order). */
const IN_PROGRESS = LOAN_STATES.slice(0, LOAN_STATES.indexOf('active'));
/** A loan still owed: paid out and not closed, settled or exited (a written-off loan is still owed and reported). */
const OPEN = ['active', 'writtenOff'];

/** Origination's BorrowerConsentDependents over the loan summaries read model. */
@Injectable()
export class LoanSummariesConsentDependents extends BorrowerConsentDependents {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async of(borrowerId: string): Promise<ConsentDependents> {
    const row = await this.db
      .selectFrom('loan_summaries')
      .select([
        sql<string>`count(*) FILTER (WHERE state IN (${sql.join(IN_PROGRESS)}))`.as('in_progress'),
        sql<string>`count(*) FILTER (WHERE state IN (${sql.join(OPEN)}))`.as('open'),
      ])
      .where('borrower_id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    return { applicationsInProgress: Number(row.in_progress), openLoans: Number(row.open) };
  }
}
