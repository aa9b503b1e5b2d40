import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Reset links carry a random token; only its SHA-256 is stored, so a copy of the table opens no account.
 * `claim` marks a token used in the same statement that checks it, so a link works once even under a double click.
 */
@Injectable()
export class PasswordResetsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** A new token for the user (only its digest is stored) and when it stops working. */
  async create(userId: string, ttlMinutes: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
    await this.db
      .insertInto('password_resets')
      .values({ token_hash: digest(token), user_id: userId, expires_at: expiresAt, used_at: null })
      .execute();
    return { token, expiresAt };
  }

  /** Answers the user id if the token is known, unused and unexpired, and marks it used (inside `trx`). */
  async claim(token: string, trx: Db = this.db): Promise<string | undefined> {
    const row = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', digest(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** A new password makes every older link of the user useless. */
  async voidAllOf(userId: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
