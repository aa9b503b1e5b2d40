/**
 * The latest month that can be reported on a business date: the month before it (a month is reported once its last
 * day is before the business date; docs/compliance.md, "Credit bureau reporting").
 */
export function lastEndedMonth(businessDate: string): string {
  const [year, month] = businessDate.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A record's problems in one line for the report table: "pan: missing; address.pinCode: must be 6 digits…". */
export const problemsText = (problems: readonly { field: string; reason: string }[]): string =>
  problems.map((p) => `${p.field}: ${p.reason}`).join('; ');
