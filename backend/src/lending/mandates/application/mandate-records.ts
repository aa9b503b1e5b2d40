import { createHash } from 'node:crypto';
import type { Db } from '../../../platform/database/database.js';
import { MandateNotFound, PresentationNotFound } from '../domain/mandate.errors.js';

/** The payment a successful presentation becomes: a UUID derived from the presentation, so a repeat names the same one. */
export function paymentIdOf(presentationId: string): string {
  const hex = createHash('sha256').update(`mandate-presentation:${presentationId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The loan of a mandate, from the mandates read model (written in the same transaction as its events). */
export async function loanOfMandate(db: Db, mandateId: string): Promise<string> {
  const row = await db.selectFrom('mandates').select('loan_id').where('id', '=', mandateId).executeTakeFirst();
  if (!row) throw new MandateNotFound('', mandateId);
  return row.loan_id;
}

export async function loanOfPresentation(db: Db, presentationId: string): Promise<string> {
  const row = await db.selectFrom('mandate_presentations').select('loan_id').where('id', '=', presentationId).executeTakeFirst();
  if (!row) throw new PresentationNotFound('', presentationId);
  return row.loan_id;
}
