import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { OtpChallenge, OtpPurpose } from '../domain/one-time-code.js';

export type StoredChallenge = OtpChallenge & { id: string; codeHash: string; usedFor: string | null };

const toChallenge = (row: {
  id: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  verified_at: Date | null;
  used_for: string | null;
}): StoredChallenge => ({
  id: row.id,
  codeHash: row.code_hash,
  expiresAt: row.expires_at,
  attempts: row.attempts,
  verifiedAt: row.verified_at,
  usedFor: row.used_for,
});

/** One-time codes in `otp_challenges`: only the newest code of a phone and purpose counts. */
@Injectable()
export class OtpChallengesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async insert(challenge: { id: string; phone: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('otp_challenges')
      .values({
        id: challenge.id,
        phone: challenge.phone,
        purpose: challenge.purpose,
        code_hash: challenge.codeHash,
        expires_at: challenge.expiresAt,
      })
      .execute();
  }

  async latest(phone: string, purpose: OtpPurpose): Promise<StoredChallenge | undefined> {
    const row = await this.db
      .selectFrom('otp_challenges')
      .select(['id', 'code_hash', 'expires_at', 'attempts', 'verified_at', 'used_for'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toChallenge(row);
  }

  /**
   * Takes one try before the code is compared, atomically: the challenge as it was before this try, or undefined
   * when no try is left (or it was used). So a hundred parallel guesses still get five comparisons, not a hundred.
   */
  async takeTry(id: string, maxTries: number): Promise<StoredChallenge | undefined> {
    const row = await this.db
      .updateTable('otp_challenges')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .where('verified_at', 'is', null)
      .returning(['id', 'code_hash', 'expires_at', 'attempts', 'verified_at', 'used_for'])
      .executeTakeFirst();
    return row && { ...toChallenge(row), attempts: row.attempts - 1 };
  }

  /** Marks the code used (by `usedFor`, when its user may present it again); false when a concurrent request used it first. */
  async markVerified(id: string, usedFor?: string): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_challenges')
      .set({ verified_at: sql`now()`, used_for: usedFor ?? null })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
