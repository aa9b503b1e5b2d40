import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 item 7: close of business's auto-debit selection (`MandatePresentations.dueLoanIds`) looks for instalments
 * still owing that fell due by the business date. In a mature book most instalments due by then are paid, so the
 * index on every instalment's due date (`loan_instalments_due_date`) leads it through all of them; this one holds only
 * the instalments still owing (the selection's own condition, written the same way so that the planner can use it),
 * so the selection reads the day's instalments and the overdue ones, whatever the size of the book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX loan_instalments_owing_by_due_date ON loan_instalments (due_date, loan_id)
     WHERE owed_principal + owed_interest + owed_fees + owed_penalties > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_instalments_owing_by_due_date`.execute(db);
}
