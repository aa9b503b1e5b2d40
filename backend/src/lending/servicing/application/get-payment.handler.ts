import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { UnknownPayment } from '../domain/payment.errors.js';
import { myPaymentView, paymentView } from './payment.view.js';

export class GetPaymentQuery {
  constructor(
    readonly paymentId: string,
    readonly viewer: Actor,
  ) {}
}

/** One payment: staff get the full view; a borrower only their own (anyone else's is "not found"), in the borrower view. */
@QueryHandler(GetPaymentQuery)
export class GetPaymentHandler implements IQueryHandler<GetPaymentQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ paymentId, viewer }: GetPaymentQuery) {
    const row = await this.db
      .selectFrom('payments as p')
      .innerJoin('loan_summaries as l', 'l.id', 'p.loan_id')
      .selectAll('p')
      .select('l.borrower_id')
      .where('p.id', '=', paymentId)
      .executeTakeFirst();
    if (!row || (viewer.role === 'borrower' && row.borrower_id !== viewer.id)) throw new UnknownPayment(paymentId);
    return viewer.role === 'borrower' ? myPaymentView(row) : paymentView(row);
  }
}
