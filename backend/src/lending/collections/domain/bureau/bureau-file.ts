import { recordProblems, recordSegments, tudfDate, type BureauMember, type BureauRecord } from './bureau-record.js';
import { TRAILER, checkTudfFile, headerText, recordText, type TudfFileProblem, type TudfProblem } from './tudf.js';

/** A record left out of the file, with a reason per field, for staff to fix. */
export type RejectedRecord = Pick<BureauRecord, 'loanId' | 'loanType' | 'borrowerId'> & { borrowerName: string; problems: TudfProblem[] };

export type BureauFile = { text: string; reported: BureauRecord[]; rejected: RejectedRecord[] };

/**
 * The month's file: the header, one line per record that passes every check, the trailer. A record with any problem
 * is left out and listed with its reasons; nothing is ever written short or malformed.
 */
export function writeBureauFile(member: BureauMember, reportedOn: string, records: readonly BureauRecord[]): BureauFile {
  const reported: BureauRecord[] = [];
  const rejected: RejectedRecord[] = [];
  const lines = [headerText({ memberId: member.id, memberShortName: member.shortName, reportedOn: tudfDate(reportedOn) })];
  for (const record of records) {
    const problems = recordProblems(record, member, reportedOn);
    if (problems.length > 0) {
      rejected.push({
        loanId: record.loanId,
        loanType: record.loanType,
        borrowerId: record.borrowerId,
        borrowerName: record.subject.name,
        problems,
      });
      continue;
    }
    reported.push(record);
    lines.push(recordText(recordSegments(record, member, reportedOn)));
  }
  lines.push(TRAILER);
  return { text: `${lines.join('\n')}\n`, reported, rejected };
}

/**
 * The check a file passes before it is stored: parsed back and held against the same schema, with the member, the
 * date reported and the number of records it should have. [] when it may be stored.
 */
export function bureauFileProblems(text: string, member: BureauMember, reportedOn: string, records: number): TudfFileProblem[] {
  const { parsed, problems } = checkTudfFile(text);
  if (!parsed) return problems;
  const header = parsed.header;
  const mismatches: TudfFileProblem[] = [];
  if (header.memberId !== member.id) mismatches.push({ line: 1, field: 'member.id', reason: `is not ${member.id}` });
  if (header.reportedOn !== tudfDate(reportedOn))
    mismatches.push({ line: 1, field: 'reportedOn', reason: `is not ${tudfDate(reportedOn)}` });
  if (parsed.records.length !== records) mismatches.push({ line: 0, field: 'records', reason: `${parsed.records.length}, not ${records}` });
  const numbers = parsed.records.map((segments) => segments.find((s) => s.tag === 'TL')?.fields.find((f) => f.tag === '03')?.value);
  numbers.forEach((number, i) => {
    if (numbers.indexOf(number) !== i) mismatches.push({ line: i + 2, field: 'account.number', reason: `${number} is reported twice` });
  });
  return mismatches;
}
