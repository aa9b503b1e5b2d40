import { sql, type Kysely } from 'kysely';

/**
 * Issue 32: the auto-debit rules are terms of the product version (docs/mandates.md): the bounce charge (paise, a penal
 * charge disclosed in the KFS), how many times a bounced instalment is presented again and how many days apart, and
 * whether final approval needs an active mandate. Every version made before these columns keeps the rules it was
 * serviced with until now (₹500, 2 re-presentations 5 days apart, no mandate required), as loans pinned before them
 * are read. A close of business run (migration 0039) also keeps what its auto-debit step did, for the runs page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_product_versions
      ADD COLUMN mandate_bounce_charge bigint NOT NULL DEFAULT 50000 CHECK (mandate_bounce_charge >= 0),
      ADD COLUMN mandate_representations integer NOT NULL DEFAULT 2 CHECK (mandate_representations BETWEEN 0 AND 5),
      ADD COLUMN mandate_represent_after_days integer NOT NULL DEFAULT 5 CHECK (mandate_represent_after_days BETWEEN 1 AND 30),
      ADD COLUMN mandate_required boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE close_of_business_runs
      ADD COLUMN presentations_decided integer NOT NULL DEFAULT 0,
      ADD COLUMN presentations_sent integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE close_of_business_runs DROP COLUMN presentations_decided, DROP COLUMN presentations_sent`.execute(db);
  await sql`
    ALTER TABLE loan_product_versions
      DROP COLUMN mandate_bounce_charge,
      DROP COLUMN mandate_representations,
      DROP COLUMN mandate_represent_after_days,
      DROP COLUMN mandate_required`.execute(db);
}
