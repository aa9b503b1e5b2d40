import type { Db } from '../../../platform/database/database.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import { SettlementOfferNotFound } from '../domain/settlement.errors.js';
import type { SettlementState } from '../domain/settlement.state.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { settlementOfferView, writeOffView, type SettlementOfferView, type WriteOffView } from './settlement.view.js';

/** What the settlement handlers answer with: an offer's view, a loan's write-off, the loan an offer belongs to. */
export async function offerView(db: Db, payments: MoneyCommands, offerId: string, loanId?: string): Promise<SettlementOfferView> {
  const row = await db.selectFrom('settlement_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!row || (loanId !== undefined && row.loan_id !== loanId)) throw new SettlementOfferNotFound(loanId ?? row?.loan_id ?? '', offerId);
  return settlementOfferView(row, await payments.today());
}

export async function loanWriteOff(db: Db, loanId: string): Promise<WriteOffView> {
  const row = await db.selectFrom('loan_summaries').select(['state', 'loan_state']).where('id', '=', loanId).executeTakeFirst();
  if (!row) throw new LoanNotFound(loanId);
  return writeOffView(loanId, row.state, (row.loan_state as { settlement?: SettlementState }).settlement?.writeOff);
}

/** The loan an offer belongs to, by the offer's id alone (404 when there is no such offer). */
export async function loanOfOffer(db: Db, offerId: string): Promise<string> {
  const row = await db.selectFrom('settlement_offers').select('loan_id').where('id', '=', offerId).executeTakeFirst();
  if (!row) throw new SettlementOfferNotFound('', offerId);
  return row.loan_id;
}
