import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { LoanAccess } from '../../loan/application/loan-access.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { mandateView, presentationView, type MandateView, type PresentationView } from './mandate.views.js';

export type ManualCollectionView = { instalmentNumber: number; attempt: number; code: string; detail: string; on: string };

export type LoanMandatesView = { mandates: MandateView[]; presentations: PresentationView[]; manualCollections: ManualCollectionView[] };

export class GetLoanMandatesQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** A loan's mandates (newest first), its presentations and the instalments sent to manual collection: the loan page's panel and the portal's view. */
@QueryHandler(GetLoanMandatesQuery)
export class GetLoanMandatesHandler implements IQueryHandler<GetLoanMandatesQuery> {
  constructor(
    private readonly access: LoanAccess,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ loanId, viewer }: GetLoanMandatesQuery): Promise<LoanMandatesView> {
    await this.access.require(loanId, viewer);
    const [mandates, presentations, manual] = await Promise.all([
      this.db.selectFrom('mandates').selectAll().where('loan_id', '=', loanId).orderBy('started_at', 'desc').orderBy('id').execute(),
      this.db
        .selectFrom('mandate_presentations')
        .selectAll()
        .where('loan_id', '=', loanId)
        .orderBy('instalment_number')
        .orderBy('attempt')
        .execute(),
      this.db
        .selectFrom('mandate_manual_collections')
        .selectAll()
        .where('loan_id', '=', loanId)
        .orderBy('instalment_number')
        .orderBy('attempt')
        .execute(),
    ]);
    return {
      mandates: mandates.map(mandateView),
      presentations: presentations.map(presentationView),
      manualCollections: manual.map((m) => ({
        instalmentNumber: m.instalment_number,
        attempt: m.attempt,
        code: m.code,
        detail: m.detail,
        on: m.on_date,
      })),
    };
  }
}
