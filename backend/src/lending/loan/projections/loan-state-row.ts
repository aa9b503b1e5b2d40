import type { LoanRecord, LoanState } from '../domain/loan.state.js';

/**
 * How a loan's folded state is kept in its loan_summaries row: its auto-debit part (`mandates`) in `mandates_state`,
 * its version in the `version` column, the rest in `loan_state`. Close of business's routine auto-debit steps (a
 * presentation, the bank's acceptance, a pre-debit notice: `isRoutineAutoDebitStep`) change only the version and the
 * mandates, so the update they make writes neither `loan_state` (kilobytes of JSON, stored compressed and out of
 * line) nor any indexed column: a few hundred bytes in place (issue 32 item 7, migration 0070).
 */
export type LoanStateColumns = { loan_state: string; mandates_state: string | null };

/** The columns a folded loan is written to. */
export function loanStateColumns(s: LoanRecord): LoanStateColumns {
  const { version: _version, mandates: _mandates, ...rest } = s;
  return { loan_state: JSON.stringify(rest), mandates_state: mandatesStateColumn(s) };
}

/** The auto-debit column alone: what a routine auto-debit step changes besides the version. */
export function mandatesStateColumn(s: LoanRecord): string | null {
  return s.mandates === undefined ? null : JSON.stringify(s.mandates);
}

/** A loan's state read back from its row (the JSON columns as the driver parses them, and the version). */
export function loanStateOf(row: { loan_state: unknown; mandates_state: unknown; version: number }): LoanState {
  const stored = row.loan_state as LoanRecord;
  return {
    ...stored,
    version: row.version,
    ...(row.mandates_state !== null && row.mandates_state !== undefined && { mandates: row.mandates_state as LoanRecord['mandates'] }),
  };
}
