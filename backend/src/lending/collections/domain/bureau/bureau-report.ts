import type { RejectedRecord } from './bureau-file.js';

/** A CSV field as the books' exports write one: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused. */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The validation report as CSV: one line per problem (loan, borrower, field, reason). */
export function bureauReportCsv(rejected: readonly RejectedRecord[]): string {
  const rows = [['loanId', 'borrowerId', 'borrowerName', 'field', 'reason']];
  for (const record of rejected)
    for (const problem of record.problems)
      rows.push([record.loanId, record.borrowerId, record.borrowerName, problem.field, problem.reason]);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
