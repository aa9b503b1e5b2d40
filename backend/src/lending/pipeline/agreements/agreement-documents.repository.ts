import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORAGE, type DocumentStorage } from '../../../platform/storage/document-storage.port.js';

const keyOf = (loanId: string, documentHash: string) => `agreements/${loanId}/${documentHash}.pdf`;

/** Rendered agreements in document storage, addressed by the loan and the SHA-256 that AgreementIssued records. */
@Injectable()
export class AgreementDocumentsRepository {
  constructor(@Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage) {}

  async save(documentHash: string, loanId: string, content: Buffer): Promise<void> {
    await this.storage.put(keyOf(loanId, documentHash), content, 'application/pdf');
  }

  async find(documentHash: string, loanId: string): Promise<Buffer | undefined> {
    return (await this.storage.get(keyOf(loanId, documentHash)))?.bytes;
  }
}
