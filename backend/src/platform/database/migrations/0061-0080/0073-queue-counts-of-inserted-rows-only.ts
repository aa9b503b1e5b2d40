import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: the queue counts' INSERT trigger (migration 0012) counts only when the statement inserted a row.
 *
 * An append writes its loan's `loan_summaries` row with `INSERT … ON CONFLICT DO UPDATE`. PostgreSQL fires a statement's
 * INSERT triggers whichever path it takes, so every append after a loan's first ran the INSERT trigger's count over
 * no rows; and it plans a query over a trigger's transition tables again on every call. Measured (pgbench, one writer,
 * `synchronous_commit=off`, the upsert of a row of 100,000): a count over no rows costs about 15 µs an upsert.
 * Now a row-level AFTER INSERT trigger marks the statement (a transaction-local setting) for each row it inserts, and
 * the statement-level INSERT trigger, now a function of its own, counts only when it finds the mark, which it clears.
 * Row-level AFTER triggers fire before the statement's, so the mark is set first; a statement rolled back takes its
 * mark with it. The count is 0012's (one statement per statement, counter rows in key order, so concurrent writers
 * cannot deadlock on them); UPDATE, DELETE and TRUNCATE keep 0012's triggers.
 *
 * Tried and not kept: the same mark for updates (a row-level AFTER UPDATE trigger WHEN a column that a queue is made
 * of changed). An update that moved no loan was 30 µs cheaper, but one that moved a loan 7 µs dearer (the row
 * trigger's call on a wide row), and the appends this issue measures (approvals, the pipeline) move their loans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // An assignment, not PERFORM: plpgsql evaluates it as a simple expression, with no plan to run.
  await sql`
    CREATE FUNCTION loan_queue_counts_mark_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ignored text;
    BEGIN
      ignored := set_config('lending.queue_counts_inserted', 'on', true);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION loan_queue_counts_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ignored text;
    BEGIN
      -- No row of this statement was inserted (an upsert that updated): nothing to count.
      IF current_setting('lending.queue_counts_inserted', true) IS DISTINCT FROM 'on' THEN
        RETURN NULL;
      END IF;
      ignored := set_config('lending.queue_counts_inserted', '', true);
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
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_mark_insert AFTER INSERT ON loan_summaries
    FOR EACH ROW EXECUTE FUNCTION loan_queue_counts_mark_inserted()`.execute(db);
  await sql`DROP TRIGGER loan_queue_counts_on_insert ON loan_summaries`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_insert AFTER INSERT ON loan_summaries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_count_inserted()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER loan_queue_counts_on_insert ON loan_summaries`.execute(db);
  await sql`CREATE TRIGGER loan_queue_counts_on_insert AFTER INSERT ON loan_summaries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_queue_counts_maintain()`.execute(db);
  await sql`DROP TRIGGER loan_queue_counts_mark_insert ON loan_summaries`.execute(db);
  await sql`DROP FUNCTION loan_queue_counts_count_inserted()`.execute(db);
  await sql`DROP FUNCTION loan_queue_counts_mark_inserted()`.execute(db);
}
