import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';

/** Rendered agreements, content-addressed by the SHA-256 that AgreementIssued records. */
@Injectable()
export class AgreementDocumentsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async save(documentHash: string, loanId: string, content: Buffer): Promise<void> {
    await this.db.insertInto('agreement_documents').values({ document_hash: documentHash, loan_id: loanId, content }).onConflict((oc) => oc.column('document_hash').doNothing()).execute();
  }

  async find(documentHash: string, loanId: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('agreement_documents').select('content').where('document_hash', '=', documentHash).where('loan_id', '=', loanId).executeTakeFirst();
    return row?.content;
  }
}
