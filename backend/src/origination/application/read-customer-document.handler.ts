import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { customerNotFound, documentNotFound } from '../domain/origination.errors.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';

export class ReadCustomerDocumentQuery {
  constructor(
    readonly customerId: string,
    readonly documentId: string,
  ) {}
}

/** A customer's upload with its bytes, for staff; a document of another customer (or none) is 404. */
@QueryHandler(ReadCustomerDocumentQuery)
export class ReadCustomerDocumentHandler implements IQueryHandler<ReadCustomerDocumentQuery> {
  constructor(
    private readonly documents: CustomerDocumentsRepository,
    private readonly borrowers: BorrowerDirectory,
  ) {}

  async execute({ customerId, documentId }: ReadCustomerDocumentQuery) {
    if (!(await this.borrowers.profileOf(customerId))) throw customerNotFound(customerId);
    const document = await this.documents.read(customerId, documentId);
    if (!document) throw documentNotFound(documentId);
    return document;
  }
}
