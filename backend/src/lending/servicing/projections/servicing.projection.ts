import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord, type LoanState } from '../../loan/domain/loan.state.js';
import { owedOf } from '../../loan/domain/schedule/owed-at.js';
import { exitClosedOut } from '../../loan/domain/schedule/close-outs.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import type { LoanServicing, ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';

/** The events that change what a disbursed loan owes: the fold's input. */
const SERVICING_EVENT_TYPES = [
  'LoanDisbursed',
  'RepaymentApplied',
  'RepaymentReversed',
  'CreditBalanceRefunded',
  'PenalChargeApplied',
  'BounceChargeApplied',
  'LoanSettled',
  'LoanWrittenOff',
  'LoanExitedInCoolingOff',
] as const;

type Held = { version: number; terms: ServicingTerms; events: ServicingEvent[] };

const ROWS_PER_STATEMENT = 2_000;

/**
 * Per disbursed loan: its instalments with paid parts, its outstanding amounts and credit balance, and its ledger,
 * all from `serviceLoan` over the loan's money events (value-date order, so a back-dated payment or a reversal
 * re-allocates every later one). The fold's input is kept in `loan_servicing` (terms from LoanDisbursed, the money
 * events in log order), so the projection reads no table but its own; a replay gives the same rows.
 */
export const servicingProjection: Projection = {
  name: 'loan-servicing',
  eventTypes: SERVICING_EVENT_TYPES,
  tables: ['loan_servicing', 'loan_instalments', 'loan_transactions'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    const byLoan = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const id = event.streamId.slice('loan-'.length);
      byLoan.set(id, [...(byLoan.get(id) ?? []), event]);
    }
    const ids = [...byLoan.keys()];
    const stored = await db
      .selectFrom('loan_servicing')
      .select(['loan_id', 'version', 'terms', 'events'])
      .where('loan_id', 'in', ids)
      .execute();
    const held = new Map<string, Held>(stored.map((row) => [row.loan_id, { version: row.version, terms: row.terms, events: row.events }]));
    const changed = new Map<string, Held>();
    for (const [id, loanEvents] of byLoan) {
      let state = held.get(id);
      for (const event of loanEvents) {
        if (state !== undefined && event.version <= state.version) continue; // already applied: idempotent
        if (event.type === 'LoanDisbursed') {
          state = { version: event.version, terms: await termsOf(db, event), events: [] };
        } else if (state !== undefined) {
          state = { version: event.version, terms: state.terms, events: [...state.events, toServicingEvent(event)] };
        }
      }
      if (state !== undefined && state !== held.get(id)) changed.set(id, state);
    }
    await writeLoans(db, changed);
  },
};

/** The money event as the servicing fold reads it. */
export function toServicingEvent(event: Pick<RecordedEvent, 'type' | 'data'>): ServicingEvent {
  const data = event.data as Record<string, any>;
  switch (event.type) {
    case 'RepaymentApplied':
      return {
        type: 'RepaymentApplied',
        paymentId: data.paymentId,
        valueDate: data.valueDate,
        amount: data.amount,
        ...(data.reducePrincipal === true && { reducePrincipal: true }),
      };
    case 'RepaymentReversed':
      return { type: 'RepaymentReversed', paymentId: data.paymentId, valueDate: data.valueDate };
    case 'CreditBalanceRefunded':
      return { type: 'CreditBalanceRefunded', refundId: data.refundId, valueDate: data.valueDate, amount: data.amount };
    // Collections' late-payment charge and the mandates slice's charge for a returned auto-debit: both a penal
    // charge on the instalment, as the loan's own fold reads them (mandate.state.ts).
    case 'PenalChargeApplied':
    case 'BounceChargeApplied':
      return {
        type: 'ChargeApplied',
        chargeId: data.chargeId,
        instalmentNumber: data.instalmentNumber,
        kind: 'penalty',
        amount: data.amount,
        valueDate: data.date,
      };
    case 'LoanSettled':
      return { type: 'ClosedOut', id: data.offerId, kind: 'settlement', valueDate: data.on };
    case 'LoanWrittenOff':
      return { type: 'ClosedOut', id: 'write-off', kind: 'writeOff', valueDate: data.on };
    case 'LoanExitedInCoolingOff':
      return exitClosedOut(data as { exitId: string; on: string; interest?: number; fee?: number });
    default:
      throw new Error(`${event.type} is not a servicing event`);
  }
}

/**
 * LoanDisbursed carries the servicing terms since issue 12. A loan paid out before that is folded from its own
 * stream up to the payout (the log, not another read model: a replay reads the same events).
 */
async function termsOf(db: Kysely<any>, event: RecordedEvent): Promise<ServicingTerms> {
  const terms = (event.data as { servicingTerms?: ServicingTerms }).servicingTerms;
  if (terms !== undefined) return terms;
  const rows = await sql<{ type: string; data: Record<string, unknown> }>`
    SELECT type, data FROM public.events WHERE stream_id = ${event.streamId} AND version <= ${event.version} ORDER BY version`.execute(db);
  const state: LoanState = replay(rows.rows.map((row) => ({ type: row.type, data: row.data }) as LoanEvent));
  const servicing = (state as LoanRecord).servicing;
  if (!servicing) throw new Error(`${event.streamId}: no servicing terms after LoanDisbursed`);
  return servicing.terms;
}

async function writeLoans(db: Kysely<any>, loans: Map<string, Held>): Promise<void> {
  if (loans.size === 0) return;
  const ids = [...loans.keys()];
  const servicing: Record<string, unknown>[] = [];
  const instalments: Record<string, unknown>[] = [];
  const transactions: Record<string, unknown>[] = [];
  for (const [id, held] of loans) {
    const view = serviceLoan(held.terms, held.events);
    servicing.push(servicingRow(id, held, view));
    instalments.push(...instalmentRows(id, view));
    transactions.push(...transactionRows(id, view));
  }
  for (const rows of chunks(servicing)) {
    await db
      .insertInto('loan_servicing')
      .values(rows)
      .onConflict((oc) =>
        oc.column('loan_id').doUpdateSet((eb) =>
          Object.fromEntries(
            Object.keys(rows[0]!)
              .filter((k) => k !== 'loan_id')
              .map((k) => [k, eb.ref(`excluded.${k}`)]),
          ),
        ),
      )
      .execute();
  }
  await db.deleteFrom('loan_instalments').where('loan_id', 'in', ids).execute();
  await db.deleteFrom('loan_transactions').where('loan_id', 'in', ids).execute();
  for (const rows of chunks(instalments)) await db.insertInto('loan_instalments').values(rows).execute();
  for (const rows of chunks(transactions)) await db.insertInto('loan_transactions').values(rows).execute();
}

function servicingRow(loanId: string, held: Held, view: LoanServicing) {
  return {
    loan_id: loanId,
    version: held.version,
    terms: JSON.stringify(held.terms),
    events: JSON.stringify(held.events),
    status: view.status,
    closed_on: view.closedOn,
    instalment_amount: view.instalmentAmount,
    credit_balance: view.creditBalance,
    outstanding_principal: view.outstanding.principal,
    outstanding_interest: view.outstanding.interest,
    outstanding_fees: view.outstanding.fees,
    outstanding_penalties: view.outstanding.penalties,
    outstanding_total: view.outstanding.total,
  };
}

function instalmentRows(loanId: string, view: LoanServicing) {
  return view.instalments.map((i) => ({
    ...owedColumns(i),
    loan_id: loanId,
    number: i.number,
    due_date: i.dueDate,
    principal: i.principal,
    interest: i.interest,
    fees: i.fees,
    penalties: i.penalties,
    paid_principal: i.paidPrincipal,
    paid_interest: i.paidInterest,
    paid_fees: i.paidFees,
    paid_penalties: i.paidPenalties,
    status: i.status,
    paid_on: i.paidOn,
    closed_out: i.closedOut,
  }));
}

/** What is still owed on the instalment, by component (the collection buckets add these up at the business date). */
function owedColumns(instalment: LoanServicing['instalments'][number]) {
  const owed = owedOf(instalment);
  return { owed_principal: owed.principal, owed_interest: owed.interest, owed_fees: owed.fees, owed_penalties: owed.penalties };
}

function transactionRows(loanId: string, view: LoanServicing) {
  return view.ledger.map((line, seq) => ({
    loan_id: loanId,
    seq: seq + 1,
    id: line.id,
    type: line.type,
    date: line.date,
    amount: line.amount,
    principal: line.principal,
    interest: line.interest,
    fees: line.fees,
    penalties: line.penalties,
    balance_after: line.balanceAfter,
    payment_id: line.paymentId,
    to_credit_balance: line.toCreditBalance,
    reversed_on: line.reversedOn,
  }));
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) yield rows.slice(start, start + ROWS_PER_STATEMENT);
}
