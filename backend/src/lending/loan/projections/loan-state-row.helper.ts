import type { LoanRecord } from '../domain/loan.state.js';
import { loanStateColumns } from './loan-state-row.js';

/** A loan's state columns as PostgreSQL hands them back (JSON parsed), with its version: what loanStateOf reads. */
export function storedStateOf(loan: LoanRecord) {
  const columns = loanStateColumns(loan);
  return {
    loan_state: JSON.parse(columns.loan_state),
    mandates_state: JSON.parse(columns.mandates_state ?? 'null'),
    collections_state: JSON.parse(columns.collections_state ?? 'null'),
    last_move: JSON.parse(columns.last_move),
    version: loan.version,
  };
}
