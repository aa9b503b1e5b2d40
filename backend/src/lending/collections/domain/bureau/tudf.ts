/**
 * TransUnion CIBIL's consumer Data Input File Format (TUDF), as far as a lender reporting personal loans writes it
 * (docs/compliance.md, "Credit bureau reporting", says which tables are published and which are our reading).
 *
 * A file is a fixed-length header (`TUDF`, version `12`), one line per account record, and the trailer `TRLR`. A record
 * is a run of segments; a segment is its two-letter tag, a two-digit length and its identifier (`PN03N01`), then its
 * fields, each a two-digit tag, a two-digit length and the value (`0110ASHA RAO…`), with no zero-length field; the
 * record ends with `ES02**`. One schema below says what every segment and field must hold: the writer checks each
 * record against it before writing, and the parser checks a written file against it again before it is stored.
 */

export type TudfField = { tag: string; value: string };
export type TudfSegment = { tag: string; id: string; fields: TudfField[] };

/** Where a problem is: the report's field name (`pan`, `address.pinCode`) and why. */
export type TudfProblem = { field: string; reason: string };

export const TUDF_VERSION = '12';
export const HEADER_LENGTH = 146;
export const END_OF_RECORD = 'ES02**';
export const TRAILER = 'TRLR';

type FieldRule = {
  tag: string;
  /** The name a problem is reported under (what staff fix). */
  name: string;
  required: boolean;
  max: number;
  /** Why the value is refused, or null. */
  check: (value: string) => string | null;
};

type SegmentRule = { tag: string; id: string; name: string; required: boolean; fields: FieldRule[] };

const matches =
  (pattern: RegExp, reason: string) =>
  (value: string): string | null =>
    pattern.test(value) ? null : reason;
const oneOf =
  (values: readonly string[], reason: string) =>
  (value: string): string | null =>
    values.includes(value) ? null : reason;

/** DDMMYYYY, a real calendar date after 1 January 1900 (the format's lower bound for a date of birth). */
export function tudfDateProblem(value: string): string | null {
  const m = /^([0-9]{2})([0-9]{2})([0-9]{4})$/.exec(value);
  if (!m) return 'must be a date DDMMYYYY';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'is not a calendar date';
  if (year < 1900 || (year === 1900 && month === 1 && day === 1)) return 'must be after 1 January 1900';
  return null;
}

const name = (tag: string, required: boolean): FieldRule => ({
  tag,
  name: 'name',
  required,
  max: 26,
  check: matches(/^[A-Z][A-Z .'-]*$/, 'may hold only Latin letters, spaces, dots, apostrophes and hyphens'),
});
const text = (tag: string, fieldName: string, required: boolean): FieldRule => ({
  tag,
  name: fieldName,
  required,
  max: 40,
  check: matches(/^[ -~]+$/, 'may hold only printable ASCII characters (no accents, no line breaks)'),
});
const date = (tag: string, fieldName: string, required: boolean): FieldRule => ({
  tag,
  name: fieldName,
  required,
  max: 8,
  check: tudfDateProblem,
});
const rupees = (tag: string, fieldName: string): FieldRule => ({
  tag,
  name: fieldName,
  required: true,
  max: 9,
  check: matches(/^(0|[1-9][0-9]*)$/, 'must be whole rupees, digits only'),
});
const fixed = (tag: string, fieldName: string, values: readonly string[]): FieldRule => ({
  tag,
  name: fieldName,
  required: true,
  max: Math.max(...values.map((v) => v.length)),
  check: oneOf(values, `must be one of ${values.join(', ')}`),
});

/** Our codes (docs/compliance.md): personal loan, individual ownership, mobile phone, residence address. */
export const ACCOUNT_TYPE_PERSONAL_LOAN = '05';
export const OWNERSHIP_INDIVIDUAL = '1';
export const ID_TYPE_PAN = '01';
export const PHONE_TYPE_MOBILE = '01';
export const ADDRESS_CATEGORY_RESIDENCE = '02';
/** Asset classification: standard, sub-standard (an NPA), special mention (SMA-0, -1, -2). */
export const ASSET_CLASSIFICATIONS = { standard: '01', subStandard: '02', specialMention: '05' } as const;
/** Written-off and settled status. */
export const WRITTEN_OFF_STATUS = '02';
export const SETTLED_STATUS = '03';

/** The two-digit state codes the bureau accepts (census 2011 numbering, Ladakh 38). */
export const TUDF_STATE_CODES = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '38',
] as const;

/** Every segment a record may hold, in the order it is written, with its fields in ascending tag order. */
export const TUDF_SEGMENTS: readonly SegmentRule[] = [
  {
    tag: 'PN',
    id: 'N01',
    name: 'name',
    required: true,
    fields: [
      name('01', true),
      name('02', false),
      name('03', false),
      name('04', false),
      name('05', false),
      date('07', 'dateOfBirth', true),
      {
        tag: '08',
        name: 'gender',
        required: false,
        max: 1,
        check: oneOf(['1', '2', '3'], 'must be 1 (female), 2 (male) or 3 (transgender)'),
      },
    ],
  },
  {
    tag: 'ID',
    id: 'I01',
    name: 'pan',
    required: true,
    fields: [
      fixed('01', 'pan', [ID_TYPE_PAN]),
      { tag: '02', name: 'pan', required: true, max: 10, check: matches(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'must be a PAN such as ABCDE1234F') },
    ],
  },
  {
    tag: 'PT',
    id: 'T01',
    name: 'phone',
    required: false,
    fields: [
      { tag: '01', name: 'phone', required: true, max: 20, check: matches(/^[0-9]{5,20}$/, 'must be at least 5 digits, digits only') },
      fixed('03', 'phone', [PHONE_TYPE_MOBILE]),
    ],
  },
  {
    tag: 'PA',
    id: 'A01',
    name: 'address',
    required: true,
    fields: [
      text('01', 'address', true),
      text('02', 'address', false),
      text('03', 'address', false),
      text('04', 'address', false),
      text('05', 'address', false),
      fixed('06', 'address.state', TUDF_STATE_CODES),
      {
        tag: '07',
        name: 'address.pinCode',
        required: true,
        max: 6,
        check: matches(/^[1-9][0-9]{5}$/, 'must be 6 digits, not starting with 0'),
      },
      fixed('08', 'address', [ADDRESS_CATEGORY_RESIDENCE]),
    ],
  },
  {
    tag: 'TL',
    id: 'T001',
    name: 'account',
    required: true,
    fields: [
      { tag: '01', name: 'member.id', required: true, max: 10, check: matches(/^[A-Z0-9]+$/, 'must be letters and digits') },
      text('02', 'member.shortName', true),
      { tag: '03', name: 'account.number', required: true, max: 25, check: matches(/^[A-Z0-9]+$/, 'must be letters and digits') },
      fixed('04', 'account.type', [ACCOUNT_TYPE_PERSONAL_LOAN]),
      fixed('05', 'account.ownership', [OWNERSHIP_INDIVIDUAL]),
      date('08', 'account.openedOn', true),
      date('09', 'account.lastPaymentOn', false),
      date('10', 'account.closedOn', false),
      date('11', 'account.reportedOn', true),
      rupees('12', 'account.sanctioned'),
      rupees('13', 'account.currentBalance'),
      rupees('14', 'account.amountOverdue'),
      { tag: '15', name: 'account.daysPastDue', required: true, max: 3, check: matches(/^(0|[1-9][0-9]{0,2})$/, 'must be 0 to 999 days') },
      { ...fixed('22', 'account.closure', [WRITTEN_OFF_STATUS, SETTLED_STATUS]), required: false },
      fixed('26', 'account.classification', Object.values(ASSET_CLASSIFICATIONS)),
    ],
  },
];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** One field as written: tag, length, value. */
export const fieldText = ({ tag, value }: TudfField): string => `${tag}${twoDigits(value.length)}${value}`;

/** One record as written: its segments, then ES02**. Fields with an empty value are left out (the format has none). */
export function recordText(segments: readonly TudfSegment[]): string {
  return (
    segments
      .map(
        (s) =>
          `${s.tag}${twoDigits(s.id.length)}${s.id}${s.fields
            .filter((f) => f.value !== '')
            .map(fieldText)
            .join('')}`,
      )
      .join('') + END_OF_RECORD
  );
}

/** What is wrong with a record's segments against the schema: [] when it may be reported. */
export function segmentProblems(segments: readonly TudfSegment[]): TudfProblem[] {
  const problems: TudfProblem[] = [];
  const add = (problem: TudfProblem) => {
    if (!problems.some((p) => p.field === problem.field && p.reason === problem.reason)) problems.push(problem);
  };
  let last = -1;
  const seen = new Set<string>();
  for (const segment of segments) {
    const at = TUDF_SEGMENTS.findIndex((rule) => rule.tag === segment.tag);
    if (at < 0) {
      add({ field: 'record', reason: `segment ${segment.tag} is not one the format has` });
      continue;
    }
    if (seen.has(segment.tag)) add({ field: 'record', reason: `segment ${segment.tag} is repeated` });
    else if (at < last) add({ field: 'record', reason: `segment ${segment.tag} is out of order` });
    seen.add(segment.tag);
    last = Math.max(last, at);
    const rule = TUDF_SEGMENTS[at];
    if (segment.id !== rule.id) add({ field: rule.name, reason: `segment ${segment.tag} must be identified ${rule.id}` });
    let lastTag = '';
    for (const field of segment.fields) {
      const fieldRule = rule.fields.find((f) => f.tag === field.tag);
      if (!fieldRule) add({ field: rule.name, reason: `field ${segment.tag}/${field.tag} is not one the format has` });
      else if (field.tag <= lastTag)
        add({ field: fieldRule.name, reason: `field ${segment.tag}/${field.tag} is out of order or repeated` });
      lastTag = field.tag;
    }
    for (const fieldRule of rule.fields) {
      const value = segment.fields.find((f) => f.tag === fieldRule.tag)?.value ?? '';
      if (value === '') {
        if (fieldRule.required) add({ field: fieldRule.name, reason: 'missing' });
        continue;
      }
      if (value.length > fieldRule.max) add({ field: fieldRule.name, reason: `longer than ${fieldRule.max} characters` });
      else {
        const reason = fieldRule.check(value);
        if (reason) add({ field: fieldRule.name, reason });
      }
    }
  }
  for (const rule of TUDF_SEGMENTS)
    if (rule.required && !segments.some((s) => s.tag === rule.tag)) add({ field: rule.name, reason: 'missing' });
  return problems;
}

export type TudfHeader = { memberId: string; memberShortName: string; reportedOn: string };

/**
 * The fixed-length header: `TUDF`, the version, the member id (30), the member short name (16), the cycle (2), the
 * date reported (DDMMYYYY), then the reporting password (30), authentication method (1), future use (5) and member
 * data (48), which we leave blank: the password is given on the bureau's upload portal, never written to a file.
 */
export function headerText({ memberId, memberShortName, reportedOn }: TudfHeader): string {
  return `TUDF${TUDF_VERSION}${memberId.padEnd(30)}${memberShortName.padEnd(16)}${''.padEnd(2)}${reportedOn}${''.padEnd(84)}`;
}

export type ParsedTudf = { header: TudfHeader; records: TudfSegment[][] };

/** Where a parse or check failed: the line (1 = header) and why. */
export type TudfFileProblem = { line: number; field: string; reason: string };

/** Reads one record line into segments; a structural fault is thrown as a reason. */
export function parseRecord(line: string): TudfSegment[] {
  if (!line.endsWith(END_OF_RECORD)) throw new Error(`does not end with ${END_OF_RECORD}`);
  const body = line.slice(0, -END_OF_RECORD.length);
  const segments: TudfSegment[] = [];
  let at = 0;
  const take = (n: number, what: string) => {
    if (at + n > body.length) throw new Error(`ends inside ${what} at position ${at + 1}`);
    const part = body.slice(at, at + n);
    at += n;
    return part;
  };
  const length = (what: string) => {
    const digits = take(2, what);
    if (!/^[0-9]{2}$/.test(digits)) throw new Error(`${what} at position ${at - 1} has no two-digit length`);
    return Number(digits);
  };
  while (at < body.length) {
    const tag = take(2, 'a tag');
    if (/^[A-Z]{2}$/.test(tag)) {
      const size = length(`segment ${tag}`);
      segments.push({ tag, id: take(size, `segment ${tag}`), fields: [] });
    } else if (/^[0-9]{2}$/.test(tag)) {
      const segment = segments.at(-1);
      if (!segment) throw new Error(`field ${tag} before any segment`);
      const size = length(`field ${segment.tag}/${tag}`);
      if (size === 0) throw new Error(`field ${segment.tag}/${tag} is empty`);
      segment.fields.push({ tag, value: take(size, `field ${segment.tag}/${tag}`) });
    } else throw new Error(`"${tag}" at position ${at - 1} is neither a segment nor a field tag`);
  }
  return segments;
}

/**
 * Parses a whole file and checks it against the schema: header, every record, the trailer. Answers the parsed file
 * and every problem found (none for a file that may be sent).
 */
export function checkTudfFile(text: string): { parsed: ParsedTudf | null; problems: TudfFileProblem[] } {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const problems: TudfFileProblem[] = [];
  const header = lines[0] ?? '';
  if (header.length !== HEADER_LENGTH) problems.push({ line: 1, field: 'header', reason: `must be ${HEADER_LENGTH} characters` });
  if (!header.startsWith(`TUDF${TUDF_VERSION}`)) problems.push({ line: 1, field: 'header', reason: `must start TUDF${TUDF_VERSION}` });
  const parsedHeader: TudfHeader = {
    memberId: header.slice(6, 36).trim(),
    memberShortName: header.slice(36, 52).trim(),
    reportedOn: header.slice(54, 62),
  };
  if (!/^[A-Z0-9]+$/.test(parsedHeader.memberId))
    problems.push({ line: 1, field: 'member.id', reason: 'missing or not letters and digits' });
  if (parsedHeader.memberShortName === '') problems.push({ line: 1, field: 'member.shortName', reason: 'missing' });
  const dateReason = tudfDateProblem(parsedHeader.reportedOn);
  if (dateReason) problems.push({ line: 1, field: 'reportedOn', reason: dateReason });
  if (lines.at(-1) !== TRAILER || lines.length < 2)
    problems.push({ line: lines.length, field: 'trailer', reason: `the file must end with ${TRAILER}` });
  const records: TudfSegment[][] = [];
  lines.slice(1, lines.at(-1) === TRAILER ? -1 : undefined).forEach((line, index) => {
    const lineNumber = index + 2;
    try {
      const segments = parseRecord(line);
      for (const problem of segmentProblems(segments)) problems.push({ line: lineNumber, ...problem });
      records.push(segments);
    } catch (error) {
      problems.push({ line: lineNumber, field: 'record', reason: (error as Error).message });
    }
  });
  return { parsed: problems.length === 0 ? { header: parsedHeader, records } : null, problems };
}

/** The value of a field in parsed segments (tests and the run's checks read the file back with it). */
export function fieldOf(segments: readonly TudfSegment[], segmentTag: string, fieldTag: string): string | undefined {
  return segments.find((s) => s.tag === segmentTag)?.fields.find((f) => f.tag === fieldTag)?.value;
}
