import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { DOCUMENT_STORAGE, type DocumentStorage } from '../../platform/storage/document-storage.port.js';
import type { DocumentKind } from '../domain/documents.js';

export type DocumentRecord = { id: string; kind: DocumentKind; contentType: string; size: number; createdAt: string };

/** Uploads: the row in `customer_documents`, the bytes in the DocumentStorage port under `customers/<borrower>/<id>`. */
@Injectable()
export class CustomerDocumentsRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
  ) {}

  /** Bytes first, then the row: a failure between leaves an unreferenced object, never a row without bytes. */
  async add(document: {
    id: string;
    borrowerId: string;
    kind: DocumentKind;
    contentType: string;
    bytes: Buffer;
    sha256: string;
  }): Promise<DocumentRecord> {
    const key = `customers/${document.borrowerId}/${document.id}`;
    await this.storage.put(key, document.bytes, document.contentType);
    const row = await this.db
      .insertInto('customer_documents')
      .values({
        id: document.id,
        borrower_id: document.borrowerId,
        kind: document.kind,
        content_type: document.contentType,
        size: document.bytes.length,
        sha256: document.sha256,
        storage_key: key,
      })
      .returning(['id', 'kind', 'content_type', 'size', 'created_at'])
      .executeTakeFirstOrThrow();
    return view(row);
  }

  async list(borrowerId: string): Promise<DocumentRecord[]> {
    const rows = await this.db
      .selectFrom('customer_documents')
      .select(['id', 'kind', 'content_type', 'size', 'created_at'])
      .where('borrower_id', '=', borrowerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(view);
  }

  /** Those of `ids` that belong to `borrowerId` (no bytes). */
  async ownedBy(borrowerId: string, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('customer_documents')
      .select(['id', 'kind', 'content_type', 'size', 'created_at'])
      .where('borrower_id', '=', borrowerId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(view);
  }

  /** The document and its bytes, only if it belongs to `borrowerId`. */
  async read(borrowerId: string, id: string): Promise<(DocumentRecord & { bytes: Buffer }) | undefined> {
    const row = await this.db
      .selectFrom('customer_documents')
      .select(['id', 'kind', 'content_type', 'size', 'created_at', 'storage_key'])
      .where('borrower_id', '=', borrowerId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const stored = await this.storage.get(row.storage_key);
    return stored && { ...view(row), bytes: stored.bytes };
  }
}

const view = (r: { id: string; kind: string; content_type: string; size: number; created_at: Date }): DocumentRecord => ({
  id: r.id,
  kind: r.kind as DocumentKind,
  contentType: r.content_type,
  size: r.size,
  createdAt: r.created_at.toISOString(),
});
