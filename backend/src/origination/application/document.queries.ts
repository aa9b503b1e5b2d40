import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { documentNotFound } from '../domain/origination.errors.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';

export class ListDocumentsQuery {
  constructor(readonly borrowerId: string) {}
}

/** A borrower's uploads, newest first (no bytes). */
@QueryHandler(ListDocumentsQuery)
export class ListDocumentsHandler implements IQueryHandler<ListDocumentsQuery> {
  constructor(private readonly documents: CustomerDocumentsRepository) {}

  execute({ borrowerId }: ListDocumentsQuery) {
    return this.documents.list(borrowerId);
  }
}

export class ReadDocumentQuery {
  constructor(
    readonly borrowerId: string,
    readonly documentId: string,
  ) {}
}

/** One document with its bytes; another borrower's (or none) is 404 alike, so ids reveal nothing. */
@QueryHandler(ReadDocumentQuery)
export class ReadDocumentHandler implements IQueryHandler<ReadDocumentQuery> {
  constructor(private readonly documents: CustomerDocumentsRepository) {}

  async execute({ borrowerId, documentId }: ReadDocumentQuery) {
    const document = await this.documents.read(borrowerId, documentId);
    if (!document) throw documentNotFound(documentId);
    return document;
  }
}
