import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { judgeUpload, type DocumentKind } from '../domain/documents.js';
import { uploadRefused } from '../domain/origination.errors.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';

export class UploadDocument {
  constructor(
    readonly borrowerId: string,
    readonly kind: DocumentKind,
    readonly bytes: Buffer,
  ) {}
}

/** Judges the bytes (content, size, a selfie's pixels) before anything is stored; a refusal stores nothing. */
@CommandHandler(UploadDocument)
export class UploadDocumentHandler implements ICommandHandler<UploadDocument> {
  constructor(
    private readonly documents: CustomerDocumentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ borrowerId, kind, bytes }: UploadDocument) {
    const verdict = judgeUpload(kind, bytes, this.config.uploadMaxBytes);
    if (!verdict.ok) throw uploadRefused(verdict.status, verdict.message);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return this.documents.add({ id: randomUUID(), borrowerId, kind, contentType: verdict.contentType, bytes, sha256 });
  }
}
