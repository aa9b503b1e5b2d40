import type { LoanRecord, LoanState } from '../domain/loan.state.js';

/**
 * How a loan's folded state is kept in its loan_summaries row, in parts, so that a change to one part rewrites that
 * part alone:
 *
 * - `mandates_state`: the auto-debit part (`mandates`). Close of business's routine auto-debit steps (a
 *   presentation, the bank's acceptance, a pre-debit notice: `isRoutineAutoDebitStep`) change only the version and
 *   the mandates (issue 32 item 7, migration 0070).
 * - `collections_state`: what close of business recorded (`collections`: instalments fallen due and overdue, days
 *   past due, classification), and `last_move`: the last move (`updatedAt`, `lastActor`, `lastReason`). An instalment
 *   falling due or going overdue and a change of class change only these (`changesOnlyCollections`; issue 30 item 5,
 *   migration 0072).
 * - `version`, in its own column;
 * - `loan_state`: the rest (kilobytes of JSON, stored compressed and out of line), written only when the rest changes.
 */
export type LoanStateColumns = { loan_state: string; mandates_state: string | null; collections_state: string | null; last_move: string };

/** The columns a loan is read back from (loanStateOf). */
export const LOAN_STATE_COLUMNS = ['loan_state', 'mandates_state', 'collections_state', 'last_move', 'version'] as const;

/** The columns a folded loan is written to. */
export function loanStateColumns(s: LoanRecord): LoanStateColumns {
  const {
    version: _version,
    mandates: _mandates,
    collections: _collections,
    updatedAt: _at,
    lastActor: _actor,
    lastReason: _reason,
    ...rest
  } = s;
  return {
    loan_state: JSON.stringify(rest),
    mandates_state: mandatesStateColumn(s),
    collections_state: collectionsStateColumn(s),
    last_move: lastMoveColumn(s),
  };
}

/** The auto-debit column alone: what a routine auto-debit step changes besides the version. */
export function mandatesStateColumn(s: LoanRecord): string | null {
  return s.mandates === undefined ? null : JSON.stringify(s.mandates);
}

/** What close of business recorded, alone. */
export function collectionsStateColumn(s: LoanRecord): string | null {
  return s.collections === undefined ? null : JSON.stringify(s.collections);
}

/** The last move: when, by whom, why. */
export function lastMoveColumn(s: LoanRecord): string {
  return JSON.stringify({ updatedAt: s.updatedAt, lastActor: s.lastActor, lastReason: s.lastReason });
}

/** A loan's state columns as read (LOAN_STATE_COLUMNS): what loanStateOf takes. */
export type StoredLoanState = {
  loan_state: unknown;
  mandates_state: unknown;
  collections_state: unknown;
  last_move: unknown;
  version: number;
};

/** A loan's state read back from its row (the JSON columns as the driver parses them, and the version). */
export function loanStateOf(row: StoredLoanState): LoanState {
  const stored = row.loan_state as LoanRecord;
  return {
    ...stored,
    ...(row.last_move as Pick<LoanRecord, 'updatedAt' | 'lastActor' | 'lastReason'>),
    version: row.version,
    ...(present(row.collections_state) && { collections: row.collections_state as LoanRecord['collections'] }),
    ...(present(row.mandates_state) && { mandates: row.mandates_state as LoanRecord['mandates'] }),
  };
}

const present = (value: unknown) => value !== null && value !== undefined;
