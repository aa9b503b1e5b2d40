import { sql } from 'kysely';
import type { Db } from '../../../platform/database/database.js';
import type { InstalmentPresented, MandateKind } from '../domain/mandate.events.js';

/** A presentation as close of business records it on the loan (InstalmentPresented's data without the envelope). */
export type PresentationToSend = Omit<InstalmentPresented['data'], 'loanId' | 'at' | 'actor' | 'reason'>;

/** A write-ahead row: a presentation about to be sent (or sent), not yet known to be recorded on its loan. */
export type PresentationSend = { loanId: string; presentation: PresentationToSend; mandateReference: string; kind: MandateKind };

/**
 * The write-ahead record of presentations being sent (`mandate_presentation_sends`, migration 0066; docs/mandates.md,
 * "Presentations at scale"). Written in a transaction of its own before a page is sent, deleted once each presentation
 * is recorded on its loan's stream: a row that outlives its run is a debit the provider may hold that no event records
 * yet, which the next run (and the provider's webhook about it) records.
 */
export const presentationSends = {
  /** One statement for the page, before anything of it is sent; a row already there (another run's) stands. */
  async writeAhead(db: Db, sends: readonly PresentationSend[]): Promise<void> {
    if (sends.length === 0) return;
    const rows = sends.map(({ loanId, presentation, mandateReference, kind }) => ({
      presentation_id: presentation.presentationId,
      loan_id: loanId,
      presentation,
      mandate_reference: mandateReference,
      kind,
    }));
    await sql`
      INSERT INTO mandate_presentation_sends (presentation_id, loan_id, presentation, mandate_reference, kind)
      SELECT r.presentation_id, r.loan_id, r.presentation, r.mandate_reference, r.kind
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS r(presentation_id text, loan_id uuid, presentation jsonb, mandate_reference text, kind text)
      ON CONFLICT (presentation_id) DO NOTHING`.execute(db);
  },

  /** The presentations recorded on their loans (or never sent): their rows go. */
  async forget(db: Db, presentationIds: readonly string[]): Promise<void> {
    if (presentationIds.length === 0) return;
    await sql`DELETE FROM mandate_presentation_sends WHERE presentation_id = ANY(${[...presentationIds]}::text[])`.execute(db);
  },

  /** Every row left, oldest first (a crash's, or a run's still under way). */
  async left(db: Db): Promise<PresentationSend[]> {
    const rows = await db
      .selectFrom('mandate_presentation_sends')
      .select(['loan_id', 'presentation', 'mandate_reference', 'kind'])
      .orderBy('created_at')
      .orderBy('presentation_id')
      .execute();
    return rows.map(fromRow);
  },

  /** The row of one presentation, if it is being sent or was left by a crash. */
  async of(db: Db, presentationId: string): Promise<PresentationSend | undefined> {
    const row = await db
      .selectFrom('mandate_presentation_sends')
      .select(['loan_id', 'presentation', 'mandate_reference', 'kind'])
      .where('presentation_id', '=', presentationId)
      .executeTakeFirst();
    return row && fromRow(row);
  },
};

function fromRow(row: {
  loan_id: string;
  presentation: Record<string, unknown>;
  mandate_reference: string;
  kind: string;
}): PresentationSend {
  return {
    loanId: row.loan_id,
    presentation: row.presentation as PresentationToSend,
    mandateReference: row.mandate_reference,
    kind: row.kind as MandateKind,
  };
}
