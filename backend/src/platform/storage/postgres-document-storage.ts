import { sql } from 'kysely';
import type { Db } from '../database/database.js';
import { checkedKey, type DocumentStorage, type StoredDocument } from './document-storage.port.js';

/**
 * Adapter, the default: documents in the `documents` table of the product's own PostgreSQL, so `npm start` needs no
 * account anywhere and a database backup holds the documents with the events that name them.
 */
export class PostgresDocumentStorage implements DocumentStorage {
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.db
      .insertInto('documents')
      .values({ key: checkedKey(key), content_type: contentType, content: bytes })
      .onConflict((oc) => oc.column('key').doUpdateSet({ content_type: contentType, content: bytes, stored_at: sql<Date>`now()` }))
      .execute();
  }

  async get(key: string): Promise<StoredDocument | undefined> {
    const row = await this.db
      .selectFrom('documents')
      .select(['content', 'content_type'])
      .where('key', '=', checkedKey(key))
      .executeTakeFirst();
    return row && { bytes: row.content, contentType: row.content_type };
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('documents').where('key', '=', checkedKey(key)).execute();
  }
}
