import type { Kysely } from 'kysely';
import { loanEventOf, type LoanEvent, type LoanEventType } from '../../lending/public/index.js';
import type { PendingEvent, ProjectedRow, RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Projection, ReplayedEvent } from '../../platform/projections/projection.js';
import { rowFoldRebuild } from '../../platform/projections/row-fold-rebuild.js';

type Row = {
  loan_id: string;
  borrower_id: string;
  loan_type: string;
  amount: number;
  tenure_months: number;
  annual_rate_percent: number;
  instalment_amount: number | null;
  payout_reference: string | null;
  disbursed_on: string | null;
  first_due_date: string | null;
  version: number;
};

const PROJECTION_NAME = 'email-loan-contacts';
const COLUMNS = [
  'loan_id',
  'borrower_id',
  'loan_type',
  'amount',
  'tenure_months',
  'annual_rate_percent',
  'instalment_amount',
  'payout_reference',
  'disbursed_on',
  'first_due_date',
  'version',
] as const satisfies readonly (keyof Row)[];
const EVENT_TYPES = [
  'LoanApplicationStarted',
  'LoanApplicationAmended',
  'SoftCheckApproved',
  'AgreementIssued',
  'LoanDisbursed',
] as const satisfies readonly LoanEventType[];

/**
 * What an event sets on the row when that does not depend on the row itself (pure): the whole row for
 * LoanApplicationStarted, some of its columns for an amendment, a soft approval and an agreement; undefined for the
 * others (LoanDisbursed keeps an instalment already known).
 */
export function contactChanges(event: LoanEvent, version: number): (Partial<Row> & { version: number }) | undefined {
  switch (event.type) {
    case 'LoanApplicationStarted':
      return {
        loan_id: event.data.loanId,
        borrower_id: event.data.borrowerId,
        loan_type: event.data.loanType,
        amount: event.data.amount,
        tenure_months: event.data.tenureMonths,
        annual_rate_percent: event.data.annualRatePercent,
        instalment_amount: null,
        payout_reference: null,
        disbursed_on: null,
        first_due_date: null,
        version,
      };
    case 'LoanApplicationAmended':
      return { amount: event.data.amount, tenure_months: event.data.tenureMonths, version };
    case 'SoftCheckApproved':
      return { amount: event.data.approvedAmount, version };
    case 'AgreementIssued':
      return {
        amount: event.data.terms.principal,
        tenure_months: event.data.terms.tenureMonths,
        annual_rate_percent: event.data.terms.annualRatePercent,
        instalment_amount: event.data.terms.instalmentAmount,
        version,
      };
    default:
      return undefined;
  }
}

/** One loan event folded into the row (pure). Events before LoanApplicationStarted cannot exist in a stream. */
export function evolveContact(row: Row | undefined, event: LoanEvent, version: number): Row | undefined {
  switch (event.type) {
    case 'LoanApplicationStarted':
      return contactChanges(event, version) as Row;
    case 'LoanApplicationAmended':
    case 'SoftCheckApproved':
    case 'AgreementIssued':
      return row && { ...row, ...contactChanges(event, version) };
    case 'LoanDisbursed': {
      const first = event.data.schedule[0];
      return (
        row && {
          ...row,
          payout_reference: event.data.payoutReference,
          disbursed_on: event.data.disbursedOn,
          first_due_date: first?.dueDate || null,
          instalment_amount: row.instalment_amount ?? (first ? first.principal + first.interest : null),
          version,
        }
      );
    }
    default:
      return row;
  }
}

/**
 * The row written in the append's own statement for a lone event whose changes do not depend on the row (see
 * contactChanges): the whole row when a loan starts, an update of the loan's row (none if it has none) after.
 */
export function prebuildContact(events: readonly PendingEvent[]): ProjectedRow[] | undefined {
  if (events.length !== 1) return undefined;
  const [event] = events;
  const changes = contactChanges(loanEventOf(event), event.version);
  if (!changes) return undefined;
  const row = { ...changes, loan_id: String(event.data.loanId) };
  const mode = event.type === 'LoanApplicationStarted' ? 'upsert' : 'update';
  return [{ projection: PROJECTION_NAME, table: 'email_loan_contacts', key: 'loan_id', row, mode }];
}

/**
 * Communications' own copy of what it writes about a loan (DESIGN §2: a context keeps the fields it needs instead of
 * reading another's tables): the borrower, the type and amounts, the payout. Inline, so the row is there before any
 * subscription reads the event; rebuilt and verified with the other projections.
 */
export const emailLoanContactsProjection: Projection = {
  name: PROJECTION_NAME,
  eventTypes: EVENT_TYPES,
  tables: ['email_loan_contacts'],
  module: import.meta.url,
  prebuild: prebuildContact,
  // A replay of the log writes the rows the same fold gives, a batch at a time.
  startRebuild: rowFoldRebuild<Row>({
    table: 'email_loan_contacts',
    key: 'loan_id',
    columns: COLUMNS,
    keyOf: (event) => String(event.data.loanId),
    fold: (row, event: ReplayedEvent) =>
      row && event.version <= row.version ? row : evolveContact(row, loanEventOf(event), event.version),
    fromStored: (row) => fromStored(row as Row),
  }),

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => String(e.data.loanId)))];
    const stored = (await db.selectFrom('email_loan_contacts').selectAll().where('loan_id', 'in', ids).execute()) as Row[];
    const rows = new Map<string, Row>(stored.map((r) => [r.loan_id, fromStored(r)]));
    const changed = new Set<string>();
    for (const event of events) {
      const id = String(event.data.loanId);
      const current = rows.get(id);
      if (current && event.version <= current.version) continue; // already applied: idempotent
      const next = evolveContact(current, loanEventOf(event), event.version);
      if (!next) continue;
      rows.set(id, next);
      changed.add(id);
    }
    if (changed.size === 0) return;
    const values = [...changed].map((id) => rows.get(id)!);
    await db
      .insertInto('email_loan_contacts')
      .values(values)
      .onConflict((oc) =>
        oc.column('loan_id').doUpdateSet((eb) =>
          Object.fromEntries(
            Object.keys(values[0])
              .filter((k) => k !== 'loan_id')
              .map((k) => [k, eb.ref(`excluded.${k}`)]),
          ),
        ),
      )
      .execute();
  },
};

/** A stored row with its numeric columns as numbers (pg answers bigint and numeric as strings). */
function fromStored(r: Row): Row {
  return {
    ...r,
    amount: Number(r.amount),
    annual_rate_percent: Number(r.annual_rate_percent),
    instalment_amount: r.instalment_amount === null ? null : Number(r.instalment_amount),
  };
}
