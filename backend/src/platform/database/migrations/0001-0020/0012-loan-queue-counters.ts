import { sql, type Kysely } from 'kysely';

/**
 * Issue 11: the console's queue pages at a million loans.
 *
 * 1. `loan_queue_counts`: how many loans each queue holds, per loan type, spread over 16 slots (the low four bits
 *    of the loan id's last byte, so a loan always counts in the same slot and concurrent writers rarely meet on a
 *    row). The total of a queue is the sum of its rows. Statement-level triggers on `loan_summaries` keep it: each
 *    statement adds up the queue memberships its rows left and entered and applies the net changes in key order
 *    (so two writers lock counter rows in the same order and cannot deadlock); an update that leaves a loan in the
 *    same queues writes no counter at all. It is part of the loan-summaries projection: a rebuild truncates it,
 *    disables the triggers while it replays and recounts it with one GROUP BY at the end; verify compares it.
 *    Every (queue, type, slot) row exists from the start, with zeros, so the live table and a recount agree row
 *    for row.
 * 2. Indexes for every sort the console offers on every queue (a page is an index range read, newest or largest
 *    first, with the `id` tie-break): per state, (state, <sort column>, id); per approved gate, (<gate>_approved_at,
 *    id) over the loans that passed it; and whole-table (<sort column>, id) indexes that the approved lists (a
 *    quarter to over half of all loans) read with the gate as a filter.
 * 3. Text search: trigram (pg_trgm, GIN) indexes on the borrower fields the search reads and on the loan id's text.
 */
export const QUEUE_COUNTER_SLOTS = 16;
const QUEUES = [
  'new',
  'applied',
  'soft.pending',
  'soft.approved',
  'bank.pending',
  'bank.approved',
  'consent.pending',
  'consent.customerpending',
  'consent.approved',
  'final.pending',
  'final.approved',
  'disbursal.pending',
  'active',
  'rejected',
  'cancelled',
];
const TYPES = ['EMI', 'salaryAdvance'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE loan_queue_counts (
      queue text NOT NULL,
      type text NOT NULL,
      slot smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (queue, type, slot)
    )`.execute(db);

  // The queues a loan row belongs to (its state, and the approved list of every gate it passed) and its slot; the
  // projection's recount (loan-queue-counters.ts) spells the same memberships.
  await sql`
    CREATE FUNCTION loan_queue_counts_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO loan_queue_counts AS c (queue, type, slot, n)
        SELECT m.queue, r.type, (get_byte(uuid_send(r.id), 15) & 15)::smallint, count(*)
        FROM new_rows r
        CROSS JOIN LATERAL (VALUES (r.state),
          (CASE WHEN r.soft_approved_at IS NOT NULL THEN 'soft.approved' END),
          (CASE WHEN r.bank_approved_at IS NOT NULL THEN 'bank.approved' END),
          (CASE WHEN r.consent_approved_at IS NOT NULL THEN 'consent.approved' END),
          (CASE WHEN r.final_approved_at IS NOT NULL THEN 'final.approved' END)) m(queue)
        WHERE m.queue IS NOT NULL
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (queue, type, slot) DO UPDATE SET n = c.n + excluded.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO loan_queue_counts AS c (queue, type, slot, n)
        SELECT m.queue, r.type, (get_byte(uuid_send(r.id), 15) & 15)::smallint, -count(*)
        FROM old_rows r
        CROSS JOIN LATERAL (VALUES (r.state),
          (CASE WHEN r.soft_approved_at IS NOT NULL THEN 'soft.approved' END),
          (CASE WHEN r.bank_approved_at IS NOT NULL THEN 'bank.approved' END),
          (CASE WHEN r.consent_approved_at IS NOT NULL THEN 'consent.approved' END),
          (CASE WHEN r.final_approved_at IS NOT NULL THEN 'final.approved' END)) m(queue)
        WHERE m.queue IS NOT NULL
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (queue, type, slot) DO UPDATE SET n = c.n + excluded.n;
      ELSE
        INSERT INTO loan_queue_counts AS c (queue, type, slot, n)
        SELECT d.queue, d.type, d.slot, sum(d.delta)
        FROM (
          SELECT m.queue, r.type, (get_byte(uuid_send(r.id), 15) & 15)::smallint AS slot, -1 AS delta
          FROM old_rows r
          CROSS JOIN LATERAL (VALUES (r.state),
            (CASE WHEN r.soft_approved_at IS NOT NULL THEN 'soft.approved' END),
            (CASE WHEN r.bank_approved_at IS NOT NULL THEN 'bank.approved' END),
            (CASE WHEN r.consent_approved_at IS NOT NULL THEN 'consent.approved' END),
            (CASE WHEN r.final_approved_at IS NOT NULL THEN 'final.approved' END)) m(queue)
          WHERE m.queue IS NOT NULL
          UNION ALL
          SELECT m.queue, r.type, (get_byte(uuid_send(r.id), 15) & 15)::smallint, 1
          FROM new_rows r
          CROSS JOIN LATERAL (VALUES (r.state),
            (CASE WHEN r.soft_approved_at IS NOT NULL THEN 'soft.approved' END),
            (CASE WHEN r.bank_approved_at IS NOT NULL THEN 'bank.approved' END),
            (CASE WHEN r.consent_approved_at IS NOT NULL THEN 'consent.approved' END),
            (CASE WHEN r.final_approved_at IS NOT NULL THEN 'final.approved' END)) m(queue)
          WHERE m.queue IS NOT NULL
        ) d
        GROUP BY 1, 2, 3
        HAVING sum(d.delta) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (queue, type, slot) DO UPDATE SET n = c.n + excluded.n;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_insert AFTER INSERT ON loan_summaries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_maintain()`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_update AFTER UPDATE ON loan_summaries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_maintain()`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_delete AFTER DELETE ON loan_summaries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_maintain()`.execute(db);
  // TRUNCATE fires no row or statement trigger that could see the rows: clear the counts with it.
  await sql`
    CREATE FUNCTION loan_queue_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE loan_queue_counts SET n = 0 WHERE n <> 0;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_truncate AFTER TRUNCATE ON loan_summaries
    FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_truncate()`.execute(db);

  // Backfill on a database that already holds loans: the zero grid, then one GROUP BY over the read model. The
  // table lock keeps appends out until this migration commits, so no change is counted twice or missed.
  await sql`LOCK TABLE loan_summaries IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    INSERT INTO loan_queue_counts (queue, type, slot, n)
    SELECT q, t, s, 0 FROM unnest(${QUEUES}::text[]) q, unnest(${TYPES}::text[]) t, generate_series(0, ${QUEUE_COUNTER_SLOTS - 1}) s`.execute(
    db,
  );
  await sql`
    INSERT INTO loan_queue_counts AS c (queue, type, slot, n)
    SELECT m.queue, l.type, (get_byte(uuid_send(l.id), 15) & 15)::smallint, count(*)
    FROM loan_summaries l
    CROSS JOIN LATERAL (VALUES (l.state),
      (CASE WHEN l.soft_approved_at IS NOT NULL THEN 'soft.approved' END),
      (CASE WHEN l.bank_approved_at IS NOT NULL THEN 'bank.approved' END),
      (CASE WHEN l.consent_approved_at IS NOT NULL THEN 'consent.approved' END),
      (CASE WHEN l.final_approved_at IS NOT NULL THEN 'final.approved' END)) m(queue)
    WHERE m.queue IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (queue, type, slot) DO UPDATE SET n = excluded.n`.execute(db);

  // Sorts of the state queues (createdAt has loan_summaries_state since 0003).
  for (const [name, column] of [
    ['updated', 'updated_at'],
    ['amount', 'amount'],
    ['tenure', 'tenure_months'],
    ['type', 'type'],
  ]) {
    await sql`CREATE INDEX ${sql.id(`loan_summaries_state_${name}`)} ON loan_summaries (state, ${sql.ref(column)}, id)`.execute(db);
  }
  // A type's share of a state queue by amount or tenure (the console's Active/EMI and Active/salaryAdvance lists):
  // amounts and tenures differ by type (a salary advance is small and short), so reading (state, amount) with the
  // type as a filter would skip most of the queue before finding the first row of the other type.
  for (const [name, column] of [
    ['amount', 'amount'],
    ['tenure', 'tenure_months'],
  ]) {
    await sql`CREATE INDEX ${sql.id(`loan_summaries_state_type_${name}`)} ON loan_summaries (state, type, ${sql.ref(column)}, id)`.execute(
      db,
    );
  }
  // The approved lists in their default order (when the gate was passed) and by where the loan is now, over the
  // loans that passed the gate. They replace 0003's created_at partials (createdAt on an approved list now reads
  // loan_summaries_created with the gate as a filter) and 0006's index on final_approved_at, which the activity
  // graph reads as well from the new one.
  for (const gate of ['soft', 'bank', 'consent', 'final']) {
    const column = sql.ref(`${gate}_approved_at`);
    await sql`DROP INDEX ${sql.id(`loan_summaries_${gate}_approved`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`loan_summaries_${gate}_approved`)} ON loan_summaries (${column}, id) WHERE ${column} IS NOT NULL`.execute(
      db,
    );
    await sql`CREATE INDEX ${sql.id(`loan_summaries_${gate}_approved_state`)} ON loan_summaries (state, id) WHERE ${column} IS NOT NULL`.execute(
      db,
    );
  }
  await sql`DROP INDEX loan_summaries_final_approved_at`.execute(db);
  // The other sorts of the approved lists: whole-table orders, read with the gate as a filter (an approved list
  // holds a quarter to over half of all loans, so a page reads a few dozen rows).
  for (const [name, column] of [
    ['amount', 'amount'],
    ['tenure', 'tenure_months'],
    ['type', 'type'],
  ]) {
    await sql`CREATE INDEX ${sql.id(`loan_summaries_by_${name}`)} ON loan_summaries (${sql.ref(column)}, id)`.execute(db);
  }
  // A borrower's loans, by state: the text search reaches loans through their borrower and counts the matches of a
  // queue from this index alone (the included columns are what the queue filters and default sorts read).
  await sql`DROP INDEX loan_summaries_borrower`.execute(db);
  await sql`
    CREATE INDEX loan_summaries_borrower ON loan_summaries (borrower_id, state)
    INCLUDE (id, type, created_at, soft_approved_at, bank_approved_at, consent_approved_at, final_approved_at)`.execute(db);

  // Text search (ILIKE '%…%'): borrowers by name, email or phone, loans by a fragment of their id.
  await sql`CREATE INDEX loan_borrowers_search ON loan_borrowers USING gin (name gin_trgm_ops, email gin_trgm_ops, phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX loan_summaries_id_text ON loan_summaries USING gin ((id::text) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_summaries_id_text, loan_borrowers_search`.execute(db);
  for (const name of [
    'by_amount',
    'by_tenure',
    'by_type',
    'state_updated',
    'state_amount',
    'state_tenure',
    'state_type',
    'state_type_amount',
    'state_type_tenure',
  ]) {
    await sql`DROP INDEX ${sql.id(`loan_summaries_${name}`)}`.execute(db);
  }
  await sql`DROP INDEX loan_summaries_borrower`.execute(db);
  await sql`CREATE INDEX loan_summaries_borrower ON loan_summaries (borrower_id, created_at DESC)`.execute(db);
  for (const gate of ['soft', 'bank', 'consent', 'final']) {
    await sql`DROP INDEX ${sql.id(`loan_summaries_${gate}_approved`)}, ${sql.id(`loan_summaries_${gate}_approved_state`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`loan_summaries_${gate}_approved`)} ON loan_summaries (created_at DESC, id DESC) WHERE ${sql.ref(`${gate}_approved_at`)} IS NOT NULL`.execute(
      db,
    );
  }
  await sql`CREATE INDEX loan_summaries_final_approved_at ON loan_summaries (final_approved_at) WHERE final_approved_at IS NOT NULL`.execute(
    db,
  );
  await sql`DROP TRIGGER loan_queue_counts_on_insert ON loan_summaries`.execute(db);
  await sql`DROP TRIGGER loan_queue_counts_on_update ON loan_summaries`.execute(db);
  await sql`DROP TRIGGER loan_queue_counts_on_delete ON loan_summaries`.execute(db);
  await sql`DROP TRIGGER loan_queue_counts_on_truncate ON loan_summaries`.execute(db);
  await sql`DROP FUNCTION loan_queue_counts_maintain(), loan_queue_counts_truncate()`.execute(db);
  await sql`DROP TABLE loan_queue_counts`.execute(db);
}
