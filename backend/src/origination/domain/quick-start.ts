import { z } from 'zod';
import { formatMoney } from '../../platform/format/format.js';
import { singleLineText } from '../../platform/text/text-fields.js';
import type { FieldProblem } from './leads.js';
import { ageOn } from './profile-sections.js';

/**
 * Quick start (spec §2, issue 14): a visitor proves a phone by SMS, answers five steps kept on a lead, and finishes
 * with a password, becoming a borrower with an application in `new`. Pure rules, no I/O: the steps and their order,
 * each step's fields, the consents and their text versions, resuming for 30 days, and where a finished visitor lands.
 */
export const QUICK_START_STEPS = ['basic', 'employment', 'income', 'loan', 'consents'] as const;
export type QuickStartStep = (typeof QUICK_START_STEPS)[number];
export const isQuickStartStep = (value: string): value is QuickStartStep => (QUICK_START_STEPS as readonly string[]).includes(value);

/** The portal's page of each step (/quickStart/components/StepN); Step5 reviews, Step6 sets the password. */
export const STEP_PAGES = {
  basic: 'Step0',
  employment: 'Step1',
  income: 'Step2',
  loan: 'Step3',
  consents: 'Step4',
} as const satisfies Record<QuickStartStep, string>;
export const REVIEW_PAGE = 'Step5';
export type QuickStartPage = (typeof STEP_PAGES)[QuickStartStep] | typeof REVIEW_PAGE;

/** The same phone resumes an unfinished quick start for this long after its last answer. */
export const RESUME_FOR_DAYS = 30;

/** The consents asked for, each recorded with the time and the version of the text the visitor saw. */
export const CONSENTS = {
  creditCheck: {
    version: '2026-11-01',
    text: 'I authorise the lender to obtain my credit information from credit information companies to assess this application, and to keep it for as long as the law requires.',
  },
  terms: { version: '2026-11-01', text: 'I have read and accept the terms and conditions of the platform.' },
  privacy: {
    version: '2026-11-01',
    text: 'I have read the privacy policy and agree to my data being used to process my application as it describes.',
  },
} as const;
export type ConsentKey = keyof typeof CONSENTS;
export const CONSENT_KEYS = Object.keys(CONSENTS) as ConsentKey[];

const consent = z.strictObject({
  accepted: z.literal(true, { error: 'must be accepted to continue' }),
  version: z.string().trim().min(1, 'is required').max(40, 'is not a version of this text'),
});

/** What each step takes, field by field. Money is in paise. */
export const STEP_INPUT = {
  basic: z.strictObject({
    name: singleLineText({ min: 2, max: 100 }),
    email: z
      .email('must be a valid email address')
      .max(254, 'must be at most 254 characters')
      .transform((v) => v.toLowerCase()),
    dateOfBirth: z.iso.date('choose a date: day, month and year'),
    gender: z.enum(['female', 'male', 'other', 'undisclosed'], { error: 'choose one of Female, Male, Other, Prefer not to say' }),
    maritalStatus: z.enum(['single', 'married', 'divorced', 'widowed'], { error: 'choose one of Single, Married, Divorced, Widowed' }),
  }),
  employment: z.strictObject({
    employmentType: z.enum(['salaried', 'selfEmployed'], { error: 'choose Salaried or Self-employed' }),
    employer: singleLineText({ min: 2, max: 200 }),
  }),
  income: z.strictObject({
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
  loan: z.strictObject({
    type: z.enum(['EMI', 'salaryAdvance'], { error: 'choose Personal loan or Salary advance' }),
    productId: z.uuid('must be the id of an open product').optional(),
    amount: z.number({ error: 'must be an amount in paise' }).int('must be a whole number of paise').min(1, 'must be more than 0'),
    tenureMonths: z
      .number({ error: 'must be a number of months' })
      .int('must be a whole number of months')
      .min(1, 'must be at least 1')
      .optional(),
  }),
  consents: z.strictObject({ creditCheck: consent, terms: consent, privacy: consent }),
} satisfies Record<QuickStartStep, z.ZodType>;

export type StepInput<S extends QuickStartStep> = z.infer<(typeof STEP_INPUT)[S]>;
export type RecordedConsent = { accepted: true; version: string; at: string };
/** The answers kept on the lead: each step's input (consents as recorded, with their time). */
export type QuickStartAnswers = Partial<{
  basic: StepInput<'basic'>;
  employment: StepInput<'employment'>;
  income: StepInput<'income'>;
  loan: StepInput<'loan'>;
  consents: Record<ConsentKey, RecordedConsent>;
}>;

/** An open product's limits, as the loan step checks them (amounts in paise). */
export type OfferedProduct = {
  id: string;
  type: 'EMI' | 'salaryAdvance';
  minAmount: number;
  maxAmount: number;
  minTenureMonths: number | null;
  maxTenureMonths: number | null;
};

const rupees = (paise: number) => formatMoney(paise, 'INR', { decimals: 'needed' });

/** The first step not answered yet, in order; undefined when all five are. */
export const firstUnanswered = (answers: QuickStartAnswers): QuickStartStep | undefined =>
  QUICK_START_STEPS.find((s) => answers[s] === undefined);

/** Where the visitor continues: the first unanswered step's page, or the review once all are answered. */
export const nextPage = (answers: QuickStartAnswers): QuickStartPage => {
  const step = firstUnanswered(answers);
  return step ? STEP_PAGES[step] : REVIEW_PAGE;
};

/** A step may be saved once every step before it is answered (going back and changing an answer is allowed). */
export function stepOutOfOrder(step: QuickStartStep, answers: QuickStartAnswers): QuickStartStep | undefined {
  const missing = firstUnanswered(answers);
  return missing !== undefined && QUICK_START_STEPS.indexOf(missing) < QUICK_START_STEPS.indexOf(step) ? missing : undefined;
}

/**
 * The rules past the field formats, with the facts they need: the business date (18 or older), the open products (the
 * loan wanted fits one), the consent texts' current versions. Answers the value to store, or a problem per field.
 */
export function decideStep<S extends QuickStartStep>(
  step: S,
  input: StepInput<S>,
  facts: { today: string; now: Date; products: readonly OfferedProduct[] },
): { ok: true; value: NonNullable<QuickStartAnswers[S]> } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  let value: unknown = input;
  switch (step) {
    case 'basic': {
      const { dateOfBirth } = input as StepInput<'basic'>;
      if (dateOfBirth > facts.today) problems.push({ name: 'dateOfBirth', message: 'cannot be in the future' });
      else if (ageOn(dateOfBirth, facts.today) < 18) problems.push({ name: 'dateOfBirth', message: 'you must be 18 or older' });
      else if (ageOn(dateOfBirth, facts.today) > 100)
        problems.push({ name: 'dateOfBirth', message: 'must be a real date of birth (at most 100 years ago)' });
      break;
    }
    case 'loan':
      problems.push(...loanProblems(input as StepInput<'loan'>, facts.products));
      break;
    case 'consents': {
      const given = input as StepInput<'consents'>;
      const at = facts.now.toISOString();
      for (const key of CONSENT_KEYS) {
        if (given[key].version !== CONSENTS[key].version)
          problems.push({ name: `${key}.version`, message: 'the text has changed since you read it: read it again and accept it' });
      }
      value = Object.fromEntries(CONSENT_KEYS.map((key) => [key, { accepted: true, version: given[key].version, at }]));
      break;
    }
    default:
      break;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: value as NonNullable<QuickStartAnswers[S]> };
}

/** The product the loan step names (or the first open one of its type), and whether amount and tenure fit it. */
export function loanProblems(loan: StepInput<'loan'>, products: readonly OfferedProduct[]): FieldProblem[] {
  const product = loan.productId ? products.find((p) => p.id === loan.productId) : products.find((p) => p.type === loan.type);
  if (!product)
    return [
      loan.productId
        ? { name: 'productId', message: 'is not an open product' }
        : { name: 'type', message: 'is not open for applications at the moment' },
    ];
  if (product.type !== loan.type) return [{ name: 'productId', message: `is not a ${loan.type} product` }];
  const problems: FieldProblem[] = [];
  if (loan.amount < product.minAmount || loan.amount > product.maxAmount)
    problems.push({ name: 'amount', message: `must be between ${rupees(product.minAmount)} and ${rupees(product.maxAmount)}` });
  if (loan.type === 'EMI') {
    const min = product.minTenureMonths ?? 1;
    const max = product.maxTenureMonths ?? min;
    if (loan.tenureMonths === undefined) problems.push({ name: 'tenureMonths', message: 'is required for an EMI loan' });
    else if (loan.tenureMonths < min || loan.tenureMonths > max)
      problems.push({ name: 'tenureMonths', message: `must be between ${min} and ${max} months` });
  } else if (loan.tenureMonths !== undefined) {
    problems.push({ name: 'tenureMonths', message: 'is not asked for a salary advance (it is repaid on your next pay day)' });
  }
  return problems;
}

/** A quick start as kept on its lead: when it was last answered, whether it is finished or closed. */
export type QuickStartLead = { updatedAt: Date; borrowerId: string | null; status: string };

/** The same phone resumes a quick start that is not finished, not closed, and answered within the last 30 days. */
export function isResumable(lead: QuickStartLead, now: Date): boolean {
  if (lead.borrowerId !== null || lead.status === 'converted' || lead.status === 'lost') return false;
  return now.getTime() - lead.updatedAt.getTime() < RESUME_FOR_DAYS * 24 * 60 * 60 * 1000;
}

/** Finishing needs every step answered: the ones still missing, in order (empty when it may finish). */
export const missingSteps = (answers: QuickStartAnswers): QuickStartStep[] => QUICK_START_STEPS.filter((s) => answers[s] === undefined);

/** Where a finished visitor lands: the first step of their new application in the portal. */
export const landingPath = (loan: { id: string; type: 'EMI' | 'salaryAdvance' }) =>
  `/User/newLoan/${loan.type === 'EMI' ? 'Emi' : 'salaryAdvance'}/${loan.id}/Step0`;
