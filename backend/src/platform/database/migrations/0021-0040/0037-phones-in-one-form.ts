import { sql, type Kysely } from 'kysely';
import { e164Phone } from '../../../phone/phone-number.js';

/**
 * Issue 27 item 5, "one phone, one account": every phone already stored is put in its one form (E.164, as
 * platform/phone reads it), and what the migration cannot decide is listed for staff instead of changed.
 *
 * `users.phone`:
 * - a phone that reads as a number no other account's reads as is rewritten to E.164 (`9123456780` → `+919123456780`);
 * - phones of two or more accounts that read as the same number (a collision: `9123456780` beside `+919123456780`)
 *   are all kept as they are and each listed in `phone_collisions` (reason `collision`): which account keeps the
 *   number is for staff to decide, not for a migration;
 * - a phone that does not read as a number (`12345`) is kept and listed (reason `unreadable`).
 *
 * The unique index `users_phone` (since 0002, on the stored value) stays as it is and can never fail here: the stored
 * values were unique before, a rewritten value is an E.164 number no other row reads as, and a value that is not
 * E.164 never equals one that is. After this migration it means one number, one account for every resolvable row;
 * the listed rows keep distinct raw values, and the application refuses a sign-up or a phone change to a number that
 * a listed row reads as (UsersRepository), so no new account joins a collision.
 *
 * Copies and keys follow, without a list (nothing to decide): `loan_borrowers.phone` takes the user's new value,
 * `leads.phone` and `whatsapp_messages.phone` (a conversation's key) are rewritten where they read as a number. Logs
 * of what was sent (`sms_log`, `otp_challenges`, `ivr_calls`, `dialer_calls`) keep the number they were sent to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE phone_collisions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      stored_phone text NOT NULL,
      normalized_phone text,
      reason text NOT NULL CHECK (reason IN ('collision', 'unreadable')),
      found_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by uuid,
      resolution text CHECK (resolution IN ('kept', 'cleared', 'changed')),
      CHECK ((reason = 'unreadable') = (normalized_phone IS NULL)),
      CHECK ((resolved_at IS NULL) = (resolution IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX phone_collisions_open_user ON phone_collisions (user_id) WHERE resolved_at IS NULL`.execute(db);
  await sql`CREATE INDEX phone_collisions_open_phone ON phone_collisions (normalized_phone) WHERE resolved_at IS NULL`.execute(db);

  const users = (
    await sql<{ id: string; phone: string }>`SELECT id, phone FROM users WHERE phone IS NOT NULL ORDER BY created_at, id`.execute(db)
  ).rows;
  const byNumber = new Map<string, Array<{ id: string; phone: string }>>();
  const unreadable: Array<{ id: string; phone: string }> = [];
  for (const user of users) {
    const number = e164Phone(user.phone);
    if (number === undefined) unreadable.push(user);
    else byNumber.set(number, [...(byNumber.get(number) ?? []), user]);
  }
  const listed: Array<{ user_id: string; stored_phone: string; normalized_phone: string | null; reason: string }> = unreadable.map((u) => ({
    user_id: u.id,
    stored_phone: u.phone,
    normalized_phone: null,
    reason: 'unreadable',
  }));
  const rewrites: Array<{ id: string; phone: string }> = [];
  for (const [number, holders] of byNumber) {
    if (holders.length > 1)
      listed.push(...holders.map((u) => ({ user_id: u.id, stored_phone: u.phone, normalized_phone: number, reason: 'collision' })));
    else if (holders[0].phone !== number) rewrites.push({ id: holders[0].id, phone: number });
  }
  for (const chunk of chunks(listed, 500)) await db.insertInto('phone_collisions').values(chunk).execute();
  for (const chunk of chunks(rewrites, 500)) {
    const values = sql.join(chunk.map((r) => sql`(${r.id}::uuid, ${r.phone})`));
    await sql`UPDATE users SET phone = v.phone FROM (VALUES ${values}) AS v (id, phone) WHERE users.id = v.id`.execute(db);
    await sql`UPDATE loan_borrowers SET phone = v.phone FROM (VALUES ${values}) AS v (id, phone) WHERE loan_borrowers.user_id = v.id`.execute(
      db,
    );
  }

  await rewriteReadable(db, 'leads');
  await rewriteReadable(db, 'whatsapp_messages');
}

/** Rewrites a table's `phone` to E.164 where it reads as a number; the rest stays as it is. */
async function rewriteReadable(db: Kysely<any>, table: 'leads' | 'whatsapp_messages'): Promise<void> {
  const distinct = (await sql<{ phone: string }>`SELECT DISTINCT phone FROM ${sql.table(table)}`.execute(db)).rows;
  const changes = distinct.flatMap(({ phone }) => {
    const number = e164Phone(phone);
    return number !== undefined && number !== phone ? [{ from: phone, to: number }] : [];
  });
  for (const chunk of chunks(changes, 500)) {
    const values = sql.join(chunk.map((c) => sql`(${c.from}, ${c.to})`));
    await sql`UPDATE ${sql.table(table)} AS t SET phone = v.to_phone FROM (VALUES ${values}) AS v (from_phone, to_phone) WHERE t.phone = v.from_phone`.execute(
      db,
    );
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** The rewritten phones stay rewritten (their old forms are not kept); only the list goes. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE phone_collisions`.execute(db);
}
