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
  // Counted per (type, slot, state) first (one pass, a few hundred groups), then spread over the queues: the same
  // memberships as the triggers' (the state's queue, and the approved list of every gate passed).
  await sql`
    INSERT INTO loan_queue_counts AS c (queue, type, slot, n)
    SELECT m.queue, g.type, g.slot, sum(m.n)::int8
    FROM (
      SELECT type, (get_byte(uuid_send(id), 15) & 15)::smallint AS slot, state, count(*) AS n,
             count(soft_approved_at) AS soft, count(bank_approved_at) AS bank,
             count(consent_approved_at) AS consent, count(final_approved_at) AS final
      FROM loan_summaries GROUP BY 1, 2, 3) g
    CROSS JOIN LATERAL (VALUES (g.state, g.n), ('soft.approved', g.soft), ('bank.approved', g.bank),
      ('consent.approved', g.consent), ('final.approved', g.final)) m(queue, n)
    WHERE m.n > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (queue, type, slot) DO UPDATE SET n = excluded.n`.execute(db);
}
