import { sql, type Kysely } from 'kysely';
import { LOAN_QUEUES } from '../application/queries/loan-queues.js';
import { LOAN_TYPES } from '../domain/loan.types.js';

/**
 * `loan_queue_counts` (migration 0012): loans per queue and loan type, each count spread over 16 slots chosen by
 * the loan id (the low four bits of its last byte), so that concurrent writers rarely update the same row. The
 * live table is kept by statement-level triggers on `loan_summaries`; a rebuild disables them and recounts here.
 * Both spell the same memberships: a loan is in the queue of its state and in the approved list of every gate it
 * passed. Every (queue, type, slot) row exists, zeros included, so a recount and the live table agree row for row.
 */
export const QUEUE_COUNTER_SLOTS = 16;

/** Recounts `loan_queue_counts` from `loan_summaries` (unqualified: the search path picks live or scratch tables). */
export async function recountLoanQueues(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM loan_queue_counts`.execute(db);
  await sql`
    INSERT INTO loan_queue_counts (queue, type, slot, n)
    SELECT q, t, s, 0 FROM unnest(${[...LOAN_QUEUES]}::text[]) q, unnest(${[...LOAN_TYPES]}::text[]) t, generate_series(0, ${QUEUE_COUNTER_SLOTS - 1}) s`.execute(
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
}
