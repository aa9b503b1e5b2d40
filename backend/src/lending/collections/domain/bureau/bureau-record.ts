import type { LoanType } from '../../../loan/domain/loan.types.js';
import type { Classification } from '../delinquency.js';
import { STATE_CODES } from './state-codes.js';
import {
  ACCOUNT_TYPE_PERSONAL_LOAN,
  ADDRESS_CATEGORY_RESIDENCE,
  ASSET_CLASSIFICATIONS,
  ID_TYPE_PAN,
  OWNERSHIP_INDIVIDUAL,
  PHONE_TYPE_MOBILE,
  SETTLED_STATUS,
  WRITTEN_OFF_STATUS,
  segmentProblems,
  type TudfProblem,
  type TudfSegment,
} from './tudf.js';

/** The reporting member (BUREAU_MEMBER_ID, BUREAU_MEMBER_SHORT_NAME). */
export type BureauMember = { id: string; shortName: string };

/** What the borrower's profile says of them (any part may be missing: the record is then refused, never sent short). */
export type BureauSubject = {
  name: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  gender: string | null;
  pan: string | null;
  /** E.164, e.g. +919876543210 */
  phone: string | null;
  /** The current address. */
  address: { line1: string; line2?: string; city: string; state: string; pinCode: string } | null;
};

/** A loan's account as of the month end (bureau-account.ts); amounts in paise. */
export type BureauAccount = {
  number: string;
  /** YYYY-MM-DD */
  openedOn: string;
  lastPaymentOn: string | null;
  closedOn: string | null;
  sanctioned: number;
  currentBalance: number;
  amountOverdue: number;
  daysPastDue: number;
  classification: Classification;
  closure: 'closed' | 'settled' | 'writtenOff' | 'coolingOffExit' | null;
};

export type BureauRecord = { loanId: string; loanType: LoanType; borrowerId: string; subject: BureauSubject; account: BureauAccount };

/** YYYY-MM-DD -> DDMMYYYY, as the format writes dates. */
export const tudfDate = (isoDate: string): string => `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(0, 4)}`;

/** Paise -> whole rupees, as the format writes amounts: to the nearest rupee, a half rupee up (₹10.50 -> 11). */
export const wholeRupees = (paise: number): string => String(Math.floor((Math.max(0, paise) + 50) / 100));

/** Text in up to `count` fields of `width` characters, never splitting a word (the format's rule); null when it does not fit. */
function wrapWords(text: string, width: number, count: number): string[] | null {
  const fields: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (word.length > width) return null;
    const last = fields.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) fields[fields.length - 1] = `${last} ${word}`;
    else fields.push(word);
  }
  return fields.length <= count ? fields : null;
}

const NAME_FIELD_MAX = 26;
const NAME_FIELDS = 5;

/** The name in up to five fields of 26 characters, upper case, never splitting a word; null when it does not fit. */
export const nameFields = (name: string): string[] | null => wrapWords(name.toUpperCase(), NAME_FIELD_MAX, NAME_FIELDS);

const ADDRESS_LINE_MAX = 40;
const ADDRESS_LINES = 5;

/**
 * The address (line 1, line 2, city) in up to five lines of 40 characters, never splitting a word; null when it does
 * not fit. The state and the PIN code have fields of their own.
 */
export function addressLines(address: NonNullable<BureauSubject['address']>): string[] | null {
  const text = [address.line1, address.line2, address.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return wrapWords(text, ADDRESS_LINE_MAX, ADDRESS_LINES);
}

const GENDER_CODES: Readonly<Record<string, string>> = { female: '1', male: '2', other: '3' };

/** An Indian mobile number as its 10 digits; another country's as its digits with the country code. */
export const phoneDigits = (e164: string): string => (e164.startsWith('+91') ? e164.slice(3) : e164.replace(/^\+/, ''));

const CLASSIFICATION_CODES: Readonly<Record<Classification, string>> = {
  standard: ASSET_CLASSIFICATIONS.standard,
  'SMA-0': ASSET_CLASSIFICATIONS.specialMention,
  'SMA-1': ASSET_CLASSIFICATIONS.specialMention,
  'SMA-2': ASSET_CLASSIFICATIONS.specialMention,
  NPA: ASSET_CLASSIFICATIONS.subStandard,
};

const field = (tag: string, value: string | null | undefined) => ({ tag, value: value ?? '' });

/** The record's segments as they would be written (a missing fact is an empty field, which the checks refuse). */
export function recordSegments({ subject, account }: BureauRecord, member: BureauMember, reportedOn: string): TudfSegment[] {
  const names = nameFields(subject.name) ?? [];
  const segments: TudfSegment[] = [
    {
      tag: 'PN',
      id: 'N01',
      fields: [
        ...['01', '02', '03', '04', '05'].map((tag, i) => field(tag, names[i])),
        field('07', subject.dateOfBirth && tudfDate(subject.dateOfBirth)),
        field('08', subject.gender && GENDER_CODES[subject.gender]),
      ],
    },
    { tag: 'ID', id: 'I01', fields: [field('01', ID_TYPE_PAN), field('02', subject.pan?.trim().toUpperCase())] },
  ];
  if (subject.phone)
    segments.push({ tag: 'PT', id: 'T01', fields: [field('01', phoneDigits(subject.phone)), field('03', PHONE_TYPE_MOBILE)] });
  const lines = subject.address ? (addressLines(subject.address) ?? []) : [];
  if (subject.address)
    segments.push({
      tag: 'PA',
      id: 'A01',
      fields: [
        ...['01', '02', '03', '04', '05'].map((tag, i) => field(tag, lines[i])),
        field('06', STATE_CODES[subject.address.state]),
        field('07', subject.address.pinCode),
        field('08', ADDRESS_CATEGORY_RESIDENCE),
      ],
    });
  segments.push({
    tag: 'TL',
    id: 'T001',
    fields: [
      field('01', member.id),
      field('02', member.shortName),
      field('03', account.number),
      field('04', ACCOUNT_TYPE_PERSONAL_LOAN),
      field('05', OWNERSHIP_INDIVIDUAL),
      field('08', tudfDate(account.openedOn)),
      field('09', account.lastPaymentOn && tudfDate(account.lastPaymentOn)),
      field('10', account.closedOn && tudfDate(account.closedOn)),
      field('11', tudfDate(reportedOn)),
      field('12', wholeRupees(account.sanctioned)),
      field('13', wholeRupees(account.currentBalance)),
      field('14', wholeRupees(account.amountOverdue)),
      field('15', String(Math.min(account.daysPastDue, 999))),
      field('22', account.closure === 'writtenOff' ? WRITTEN_OFF_STATUS : account.closure === 'settled' ? SETTLED_STATUS : null),
      field('26', CLASSIFICATION_CODES[account.classification]),
    ],
  });
  return segments;
}

/**
 * Why a record cannot be reported, a reason per field ([] when it can): missing or malformed PAN, a PIN code that is
 * not 6 digits or starts with 0, a missing date of birth, an empty name, and every other rule of the format's schema.
 */
export function recordProblems(record: BureauRecord, member: BureauMember, reportedOn: string): TudfProblem[] {
  const problems: TudfProblem[] = [];
  if (record.subject.name.trim() !== '' && nameFields(record.subject.name) === null)
    problems.push({
      field: 'name',
      reason: `does not fit in ${NAME_FIELDS} fields of ${NAME_FIELD_MAX} characters without splitting a word`,
    });
  if (record.subject.address && addressLines(record.subject.address) === null)
    problems.push({
      field: 'address',
      reason: `does not fit in ${ADDRESS_LINES} lines of ${ADDRESS_LINE_MAX} characters without splitting a word`,
    });
  if (record.subject.address && !STATE_CODES[record.subject.address.state])
    problems.push({ field: 'address.state', reason: 'is not a state or union territory the bureau has a code for' });
  for (const problem of segmentProblems(recordSegments(record, member, reportedOn)))
    if (!problems.some((p) => p.field === problem.field)) problems.push(problem);
  return problems;
}
