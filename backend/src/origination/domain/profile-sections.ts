import { z } from 'zod';
import { phoneField } from '../../platform/phone/phone-number.js';
import { singleLineText } from '../../platform/text/text-fields.js';
import { DOCUMENT_KINDS } from './documents.js';
import { INDIAN_STATES } from './indian-states.js';

/** A borrower's seven profile sections (spec §2, /User/Profile/*). */
export const PROFILE_SECTIONS = ['address', 'bank', 'documents', 'employment', 'profile', 'reference', 'selfie'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export const isProfileSection = (value: string): value is ProfileSection => (PROFILE_SECTIONS as readonly string[]).includes(value);

export type SectionStatus = 'missing' | 'complete' | 'verified' | 'rejected';

const text = (max: number, min = 1) => singleLineText({ min, max });
const phone = phoneField();
const documentId = z.uuid('must be the id of a document you uploaded');

const address = z.strictObject({
  line1: text(200),
  line2: text(200, 0).optional(),
  city: text(100),
  state: z.enum(INDIAN_STATES, { error: 'must be a state or union territory of India from the list' }),
  pinCode: z.string().regex(/^[1-9][0-9]{5}$/, 'must be a PIN code of 6 digits'),
  yearsAtAddress: z
    .number({ error: 'must be a number of years' })
    .int('must be a whole number of years')
    .min(0, 'cannot be negative')
    .max(100, 'must be at most 100'),
});

/** What each section takes, field by field, with a message per field. */
export const SECTION_INPUT = {
  address: z.strictObject({ current: address, permanent: address }),
  bank: z.strictObject({
    holderName: text(100, 2),
    accountNumber: z
      .string()
      .regex(/^[0-9]{9,18}$/, 'must be 9 to 18 digits')
      .optional()
      .describe('required the first time; leave it out to keep the stored one'),
    ifsc: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC such as HDFC0001234 (4 letters, 0, 6 letters or digits)'),
    accountType: z.enum(['savings', 'current'], { error: 'choose Savings or Current' }),
  }),
  documents: z.strictObject({
    pan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'must be a PAN such as ABCDE1234F'),
    aadhaarLast4: z.string().regex(/^[0-9]{4}$/, 'must be only the last 4 digits of your Aadhaar (never the whole number)'),
    identityProofId: documentId,
    addressProofId: documentId,
    incomeProofIds: z.array(documentId).min(1, 'add at least one salary slip or bank statement').max(12, 'at most 12 documents'),
  }),
  employment: z.strictObject({
    employer: text(200),
    employmentType: z.enum(['salaried', 'selfEmployed'], { error: 'choose Salaried or Self-employed' }),
    monthlyNetIncome: z
      .number({ error: 'must be an amount in paise' })
      .int('must be a whole number of paise')
      .min(100, 'must be more than 0')
      .max(1_000_000_000_00, 'is too large'),
    payDayOfMonth: z
      .number({ error: 'must be a day of the month' })
      .int('must be a day of the month')
      .min(1, 'must be between 1 and 31')
      .max(31, 'must be between 1 and 31'),
  }),
  profile: z.strictObject({
    dateOfBirth: z.iso.date('choose a date: day, month and year'),
    gender: z.enum(['female', 'male', 'other', 'undisclosed'], { error: 'choose one of Female, Male, Other, Prefer not to say' }),
    maritalStatus: z.enum(['single', 'married', 'divorced', 'widowed'], { error: 'choose one of Single, Married, Divorced, Widowed' }),
  }),
  reference: z.strictObject({
    references: z.array(z.strictObject({ name: text(100, 2), relation: text(50), phone })).length(2, 'give exactly two people'),
  }),
  selfie: z.strictObject({ documentId }),
} satisfies Record<ProfileSection, z.ZodType>;

export type SectionInput<S extends ProfileSection> = z.infer<(typeof SECTION_INPUT)[S]>;

export type FieldProblem = { name: string; message: string };

/** The age on `today` of someone born on `dateOfBirth` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The documents a section names must be the borrower's, of the right kind. */
export type OwnDocuments = ReadonlyMap<string, (typeof DOCUMENT_KINDS)[number]>;

/**
 * The rules that need outside facts (today, the borrower's own phone, their documents), after the field formats:
 * problems per field, empty when the section may be saved.
 */
export function sectionRuleProblems<S extends ProfileSection>(
  section: S,
  input: SectionInput<S>,
  facts: { today: string; ownPhone: string | null; documents: OwnDocuments },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const expectKind = (name: string, id: string, kinds: readonly string[]) => {
    const kind = facts.documents.get(id);
    if (!kind) problems.push({ name, message: 'is not a document you uploaded' });
    else if (!kinds.includes(kind)) problems.push({ name, message: `must be a document of kind ${kinds.join(' or ')}, not ${kind}` });
  };
  switch (section) {
    case 'profile': {
      const { dateOfBirth } = input as SectionInput<'profile'>;
      if (dateOfBirth > facts.today) problems.push({ name: 'dateOfBirth', message: 'cannot be in the future' });
      else if (ageOn(dateOfBirth, facts.today) < 18) problems.push({ name: 'dateOfBirth', message: 'you must be 18 or older' });
      else if (ageOn(dateOfBirth, facts.today) > 100)
        problems.push({ name: 'dateOfBirth', message: 'must be a real date of birth (at most 100 years ago)' });
      break;
    }
    case 'reference': {
      const { references } = input as SectionInput<'reference'>;
      references.forEach((r, i) => {
        if (facts.ownPhone && r.phone === facts.ownPhone)
          problems.push({ name: `references.${i}.phone`, message: 'must be the phone of someone else, not your own' });
      });
      if (references.length === 2 && references[0].phone === references[1].phone)
        problems.push({ name: 'references.1.phone', message: 'the two people must have different phones' });
      break;
    }
    case 'documents': {
      const d = input as SectionInput<'documents'>;
      expectKind('identityProofId', d.identityProofId, ['identityProof']);
      expectKind('addressProofId', d.addressProofId, ['addressProof']);
      d.incomeProofIds.forEach((id, i) => expectKind(`incomeProofIds.${i}`, id, ['salarySlip', 'bankStatement']));
      break;
    }
    case 'selfie':
      expectKind('documentId', (input as SectionInput<'selfie'>).documentId, ['selfie']);
      break;
    default:
      break;
  }
  return problems;
}

/** The required sections that are not complete yet (missing, or rejected and not saved again), in the order given. */
export function missingSections(required: readonly string[], statuses: ReadonlyMap<string, SectionStatus>): string[] {
  return required.filter((s) => {
    const status = statuses.get(s) ?? 'missing';
    return status === 'missing' || status === 'rejected';
  });
}

/** Masks all but the last four digits of an account number. */
export const maskedAccount = (last4: string) => `XXXXXX${last4}`;
