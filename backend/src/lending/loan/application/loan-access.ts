import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../../platform/database/database.js';
import { LoanNotFound } from '../domain/loan.errors.js';
import type { Actor } from '../domain/loan.types.js';

/** Whether a loan exists for this viewer: staff see every loan, a borrower only their own (others are "not found"). */
@Injectable()
export class LoanAccess {
  constructor(@Inject(DB) private readonly db: Db) {}

  async require(loanId: string, viewer: Actor): Promise<{ state: string }> {
    const row = await this.db.selectFrom('loan_summaries').select(['borrower_id', 'state']).where('id', '=', loanId).executeTakeFirst();
    if (!row || (viewer.role === 'borrower' && row.borrower_id !== viewer.id)) throw new LoanNotFound(loanId);
    return { state: row.state };
  }
}
