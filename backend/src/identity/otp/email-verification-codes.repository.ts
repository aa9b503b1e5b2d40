import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { EmailCode } from '../domain/email-verification.js';

export type StoredEmailCode = EmailCode & { id: string; codeHash: string };

const columns = ['id', 'email', 'code_hash', 'expires_at', 'attempts'] as const;

const toCode = (row: { id: string; email: string; code_hash: string; expires_at: Date; attempts: number }): StoredEmailCode => ({
  id: row.id,
  email: row.email,
  codeHash: row.code_hash,
  expiresAt: row.expires_at,
  attempts: row.attempts,
});

/** Email verification codes in `email_verification_codes` (migration 0060): one per user, the newest replacing any other. */
@Injectable()
export class EmailVerificationCodesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async replace(userId: string, code: { id: string; email: string; codeHash: string; expiresAt: Date }): Promise<void> {
    const values = { id: code.id, email: code.email, code_hash: code.codeHash, expires_at: code.expiresAt, attempts: 0 };
    await this.db
      .insertInto('email_verification_codes')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, created_at: sql<Date>`now()` }))
      .execute();
  }

  async of(userId: string): Promise<StoredEmailCode | undefined> {
    const row = await this.db.selectFrom('email_verification_codes').select(columns).where('user_id', '=', userId).executeTakeFirst();
    return row && toCode(row);
  }

  /**
   * Takes one try before the code is compared, atomically: the code as it was before this try, or undefined when no
   * try is left. So parallel guesses still get five comparisons in all.
   */
  async takeTry(userId: string, id: string, maxTries: number): Promise<StoredEmailCode | undefined> {
    const row = await this.db
      .updateTable('email_verification_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .returning(columns)
      .executeTakeFirst();
    return row && { ...toCode(row), attempts: row.attempts - 1 };
  }

  /** A used code is gone. */
  async remove(userId: string): Promise<void> {
    await this.db.deleteFrom('email_verification_codes').where('user_id', '=', userId).execute();
  }
}
