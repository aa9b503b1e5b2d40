import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection, ReplayedEvent } from '../../../platform/projections/projection.js';
import { rowFoldRebuild } from '../../../platform/projections/row-fold-rebuild.js';

type Data = Record<string, any>;

const AGREEMENT_COLUMNS = [
  'loan_id',
  'principal',
  'currency',
  'document_hash',
  'issued_at',
  'issued_by',
  'signed_at',
  'signed_document_hash',
  'evidence',
  'last_position',
] as const;

type AgreementRow = Record<(typeof AGREEMENT_COLUMNS)[number], unknown>;

/**
 * One row per loan with an issued agreement (the console's LoanAgreements list and Agreement page): the principal,
 * the SHA-256 issued and the one signed, when, by whom, and the signing evidence AgreementSigned recorded. The
 * borrower and loan type are joined from loan_summaries when read. Each change applies only when newer than the row
 * (`last_position`), so applying an event twice changes nothing.
 */
export const agreementsProjection: Projection = {
  name: 'agreements',
  eventTypes: ['AgreementIssued', 'AgreementSigned'],
  tables: ['agreements'],
  module: import.meta.url,
  // A replay of the log writes the rows the fold below gives, a batch at a time (what applyBatch writes event by event).
  startRebuild: rowFoldRebuild({
    table: 'agreements',
    key: 'loan_id',
    columns: AGREEMENT_COLUMNS,
    keyOf: (event) => event.streamId.slice('loan-'.length),
    fold: evolveAgreement,
  }),

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      const loanId = event.streamId.slice('loan-'.length);
      switch (event.type) {
        case 'AgreementIssued': {
          const row = issuedRow(event);
          await db
            .insertInto('agreements')
            .values(row)
            .onConflict((oc) => oc.column('loan_id').doUpdateSet(row).where('agreements.last_position', '<', event.position))
            .execute();
          break;
        }
        case 'AgreementSigned':
          await db
            .updateTable('agreements')
            .set({
              signed_at: data.at,
              signed_document_hash: data.documentHash,
              evidence: data.evidence ? JSON.stringify(data.evidence) : null,
              last_position: event.position,
            })
            .where('loan_id', '=', loanId)
            .where('last_position', '<', event.position)
            .execute();
          break;
        default:
          throw new Error(`${event.type} is not an agreement event`);
      }
    }
  },
};

/** The row an AgreementIssued event makes: the live projection and the batch fold both write it. */
function issuedRow(event: ReplayedEvent) {
  const data = event.data as Data;
  return {
    loan_id: event.streamId.slice('loan-'.length),
    principal: data.terms.principal,
    currency: data.terms.currency,
    document_hash: data.documentHash,
    issued_at: data.at,
    issued_by: data.actor.id,
    signed_at: null,
    signed_document_hash: null,
    evidence: null,
    last_position: event.position,
  };
}

/** The agreements row after one event, as applyBatch changes it: only by an event newer than the row. */
export function evolveAgreement(row: AgreementRow | undefined, event: ReplayedEvent): AgreementRow | undefined {
  if (row !== undefined && Number(row.last_position) >= event.position) return row;
  const data = event.data as Data;
  switch (event.type) {
    case 'AgreementIssued':
      return issuedRow(event);
    case 'AgreementSigned':
      return (
        row && {
          ...row,
          signed_at: data.at,
          signed_document_hash: data.documentHash,
          evidence: data.evidence ? JSON.stringify(data.evidence) : null,
          last_position: event.position,
        }
      );
    default:
      throw new Error(`${event.type} is not an agreement event`);
  }
}
