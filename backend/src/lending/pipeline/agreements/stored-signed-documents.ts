import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { SignedDocuments, type SignedDocument } from '../../public/signed-documents.port.js';
import { loanKfs } from '../application/loan-kfs.js';
import { AgreementDocumentsRepository } from './agreement-documents.repository.js';
import { renderKfsPdf } from './agreement-pdf.renderer.js';

/**
 * SignedDocuments from what the pipeline already keeps and renders: the stored agreement PDF (addressed by its hash)
 * and the KFS of the issued agreement's terms, rendered alone and dated the day the agreement was issued.
 */
@Injectable()
export class StoredSignedDocuments extends SignedDocuments {
  constructor(
    private readonly documents: AgreementDocumentsRepository,
    private readonly executor: LoanCommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async of(loanId: string, documentHash: string): Promise<SignedDocument[]> {
    const agreement = await this.documents.find(documentHash, loanId);
    if (!agreement) throw new Error(`The agreement PDF ${documentHash} of loan ${loanId} is not in document storage`);
    const loan = (await this.executor.load(loanId)).state;
    if (loan.status === 'none') throw new Error(`Loan ${loanId} does not exist`);
    const kfs = await renderKfsPdf({
      loanId,
      issuedAt: loan.agreement?.issuedAt ?? new Date().toISOString(),
      lender: this.config.lender,
      kfs: loanKfs(loan, this.config).kfs,
    });
    const ref = loanId.slice(0, 8).toUpperCase();
    return [
      { kind: 'agreement', filename: `loan-agreement-${ref}.pdf`, contentType: 'application/pdf', content: agreement },
      { kind: 'kfs', filename: `key-facts-statement-${ref}.pdf`, contentType: 'application/pdf', content: kfs },
    ];
  }
}
