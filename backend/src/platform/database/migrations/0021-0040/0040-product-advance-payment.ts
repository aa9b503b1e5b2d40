import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: what money paid beyond the running instalment does is a term of the product version (docs/servicing.md).
 * Every version made before this column pays the next instalments in order, as loans pinned before it are read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_product_versions ADD COLUMN advance_payment text NOT NULL DEFAULT 'nextInstalments'
      CHECK (advance_payment IN ('nextInstalments', 'prepayPrincipal'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_product_versions DROP COLUMN advance_payment`.execute(db);
}
