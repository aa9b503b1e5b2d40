import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';

export type SignLink = { id: string; loanId: string; documentHash: string; expiresAt: Date };

const hashOf = (token: string) => createHash('sha256').update(`agreement-link:${token}`).digest('hex');

/**
 * The single-use e-sign links emailed with an issued agreement (`agreement_sign_links`): the token is 32 random bytes,
 * kept only as its SHA-256, so neither the table nor the email log (which shows it as [redacted]) gives a working link.
 */
@Injectable()
export class AgreementSignLinksRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async create(loanId: string, documentHash: string, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
    await this.db
      .insertInto('agreement_sign_links')
      .values({ id: randomUUID(), token_hash: hashOf(token), loan_id: loanId, document_hash: documentHash, expires_at: expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** The link of a token while it is unused and unexpired; undefined otherwise (the caller cannot tell which). */
  async findUsable(token: string): Promise<SignLink | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await this.db
      .selectFrom('agreement_sign_links')
      .select(['id', 'loan_id', 'document_hash', 'expires_at'])
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row && { id: row.id, loanId: row.loan_id, documentHash: row.document_hash, expiresAt: row.expires_at };
  }

  /** Marks the link used; false when a concurrent request (or expiry) got there first. */
  async use(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('agreement_sign_links')
      .set({ used_at: sql`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a used link back (the signature it was used for failed), unless it has expired meanwhile. */
  async release(id: string): Promise<void> {
    await this.db.updateTable('agreement_sign_links').set({ used_at: null }).where('id', '=', id).execute();
  }
}
