import { sql, type Kysely } from 'kysely';
import { START_OF_LOG, type Checkpoint } from '../event-store/event-store.port.js';

export async function loadCheckpoint(db: Kysely<any>, name: string): Promise<Checkpoint> {
  const r = await sql<{ transaction_id: string; global_position: string }>`
    SELECT transaction_id::text, global_position FROM subscription_checkpoints WHERE name = ${name}`.execute(db);
  const row = r.rows[0];
  return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START_OF_LOG;
}

export async function saveCheckpoint(db: Kysely<any>, name: string, checkpoint: Checkpoint): Promise<void> {
  await sql`
    INSERT INTO subscription_checkpoints (name, transaction_id, global_position, updated_at)
    VALUES (${name}, ${checkpoint.transactionId}::xid8, ${checkpoint.position}, now())
    ON CONFLICT (name) DO UPDATE SET transaction_id = excluded.transaction_id,
      global_position = excluded.global_position, updated_at = excluded.updated_at`.execute(db);
}

export type SubscriptionLag = { name: string; position: number; behind: number };

/** How many events each subscription still has to read (all of them before its first checkpoint); inline projections never lag. */
export async function subscriptionLag(db: Kysely<any>, names: readonly string[]): Promise<SubscriptionLag[]> {
  if (names.length === 0) return [];
  const r = await sql<{ name: string; global_position: string; behind: string }>`
    SELECT n.name, coalesce(c.global_position, 0) AS global_position,
      (SELECT count(*) FROM events e
        WHERE (e.transaction_id, e.global_position) > (coalesce(c.transaction_id, '0'::xid8), coalesce(c.global_position, 0))) AS behind
    FROM unnest(${names}::text[]) AS n(name)
    LEFT JOIN subscription_checkpoints c ON c.name = n.name
    ORDER BY n.name`.execute(db);
  return r.rows.map((row) => ({ name: row.name, position: Number(row.global_position), behind: Number(row.behind) }));
}
