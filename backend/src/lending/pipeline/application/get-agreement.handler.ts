import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { AgreementNotIssued } from '../../loan/domain/loan.errors.js';
import type { SigningEvidence } from '../../loan/domain/loan.types.js';
import { agreementRowView, type AgreementDetail } from './agreement.view.js';

export class GetAgreementQuery {
  constructor(readonly loanId: string) {}
}

/** One issued agreement with its signing evidence (staff). */
@QueryHandler(GetAgreementQuery)
export class GetAgreementHandler implements IQueryHandler<GetAgreementQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ loanId }: GetAgreementQuery): Promise<AgreementDetail> {
    const row = await this.db
      .selectFrom('agreements as a')
      .innerJoin('loan_summaries as l', 'l.id', 'a.loan_id')
      .leftJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
      .select([
        'a.loan_id',
        'a.principal',
        'a.currency',
        'a.document_hash',
        'a.issued_at',
        'a.signed_at',
        'a.issued_by',
        'a.signed_document_hash',
        'a.evidence',
        'l.borrower_id',
        'l.type',
        'l.state',
        'b.name as borrower_name',
        'b.email as borrower_email',
      ])
      .where('a.loan_id', '=', loanId)
      .executeTakeFirst();
    if (!row) throw new AgreementNotIssued(loanId);
    return {
      ...agreementRowView(row),
      issuedBy: row.issued_by,
      signedDocumentHash: row.signed_document_hash,
      evidence: (row.evidence as SigningEvidence | null) ?? null,
    };
  }
}
