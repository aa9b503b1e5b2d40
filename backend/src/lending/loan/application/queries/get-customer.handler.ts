import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../../identity/public/index.js';
import { CustomerProfiles } from '../../../../origination/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { DB, type Db } from '../../../../platform/database/database.js';
import { LoanBorrowersRepository } from '../../borrowers/loan-borrowers.repository.js';
import { CustomerNotFound } from '../../domain/loan.errors.js';

export class GetCustomerQuery {
  constructor(readonly customerId: string) {}
}

/** A customer: who they are (and whether their email is verified, from identity), their loans (summary rows, newest first) and their profile from origination. */
@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly borrowers: LoanBorrowersRepository,
    private readonly profiles: CustomerProfiles,
    private readonly directory: BorrowerDirectory,
  ) {}

  async execute({ customerId }: GetCustomerQuery) {
    await this.borrowers.ensure(customerId);
    const borrower = await this.db.selectFrom('loan_borrowers').selectAll().where('user_id', '=', customerId).executeTakeFirst();
    if (!borrower) throw new CustomerNotFound(customerId);
    const [loans, profile, verifiedEmail] = await Promise.all([
      this.db
        .selectFrom('loan_summaries')
        .select([
          'id',
          'type',
          'state',
          'amount',
          'approved_amount',
          'tenure_months',
          'created_at',
          'submitted_at',
          'disbursed_on',
          'dpd',
          'classification',
        ])
        .where('borrower_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),
      this.profiles.profileOf(customerId),
      this.directory.verifiedEmailOf(customerId),
    ]);
    return {
      id: borrower.user_id,
      name: borrower.name,
      email: borrower.email,
      emailVerified: verifiedEmail !== undefined && verifiedEmail.toLowerCase() === borrower.email.toLowerCase(),
      phone: borrower.phone,
      currency: this.config.product.currency,
      loans: loans.map((l) => ({
        id: l.id,
        type: l.type,
        state: l.state,
        amount: Number(l.amount),
        approvedAmount: l.approved_amount == null ? null : Number(l.approved_amount),
        tenureMonths: l.tenure_months,
        createdAt: new Date(l.created_at).toISOString(),
        submittedAt: l.submitted_at == null ? null : new Date(l.submitted_at).toISOString(),
        disbursedOn: l.disbursed_on ?? null,
        dpd: l.dpd,
        classification: l.classification,
      })),
      ...profile,
    };
  }
}
