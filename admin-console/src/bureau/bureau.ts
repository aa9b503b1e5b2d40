/**
 * The latest month that can be reported on a business date: the month before it (a month is reported once its last
 * day is before the business date; docs/compliance.md, "Credit bureau reporting").
 */
export function lastEndedMonth(businessDate: string): string {
  const [year, month] = businessDate.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The report's field names, as staff fixing the borrower's profile know them; any other stays as the report names it. */
const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  pan: 'PAN',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  phone: 'Phone',
  address: 'Address',
  'address.pinCode': 'PIN code',
  'address.state': 'State',
};

/** A record's problems in one line for the report table: "PAN: missing; PIN code: must be 6 digits…". */
export const problemsText = (problems: readonly { field: string; reason: string }[]): string =>
  problems.map((p) => `${FIELD_WORDS[p.field] ?? p.field}: ${p.reason}`).join('; ');
