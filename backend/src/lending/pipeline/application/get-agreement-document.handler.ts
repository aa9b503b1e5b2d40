import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { AgreementDocumentsRepository } from '../agreements/agreement-documents.repository.js';
import { AgreementNotIssued, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';

export class GetAgreementDocumentQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

@QueryHandler(GetAgreementDocumentQuery)
export class GetAgreementDocumentHandler implements IQueryHandler<GetAgreementDocumentQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly documents: AgreementDocumentsRepository,
  ) {}

  async execute({ loanId, viewer }: GetAgreementDocumentQuery): Promise<{ content: Buffer; documentHash: string }> {
    const row = await this.db
      .selectFrom('loan_summaries')
      .select(['borrower_id', 'document_hash'])
      .where('id', '=', loanId)
      .executeTakeFirst();
    if (!row || (viewer.role === 'borrower' && row.borrower_id !== viewer.id)) throw new LoanNotFound(loanId);
    const content = row.document_hash ? await this.documents.find(row.document_hash, loanId) : undefined;
    if (!content || !row.document_hash) throw new AgreementNotIssued(loanId);
    return { content, documentHash: row.document_hash };
  }
}
