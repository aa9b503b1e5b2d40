import { z } from 'zod';
import { editBody } from '../../../platform/http/edit-body.js';
import { singleLineText } from '../../../platform/text/text-fields.js';
import {
  ACCOUNTING_RULES,
  ADVANCE_PAYMENTS,
  ALLOCATION_STRATEGIES,
  MAX_GRACE_DAYS,
  MAX_MANDATE_REPRESENT_AFTER_DAYS,
  MAX_MANDATE_REPRESENTATIONS,
  MAX_PAY_DAY,
  MAX_PRODUCT_AMOUNT,
  MAX_TENURE_MONTHS,
  PREPAYMENT_MODES,
} from '../../loan/domain/terms/loan-product.js';
import { PRODUCT_PROFILE_SECTIONS } from '../domain/product-profile-sections.js';

const wholeBetween = (name: string, min: number, max: number, unit = 'a whole number') =>
  z
    .number({ error: `${name} must be ${unit}` })
    .int(`${name} must be ${unit}`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);
const minor = (name: string, min: number) => wholeBetween(name, min, MAX_PRODUCT_AMOUNT, 'a whole number of minor units (paise)');
const percent = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be between 0 and 100`)
    .max(100, `${name} must be between 0 and 100`);

/** The terms a product's create and edit bodies may carry; cross-field rules (min ≤ max, per type) are the domain's. */
const termFields = {
  code: z
    .string({ error: 'code is required' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'code must be 2 to 40 lower-case letters, digits or dashes, e.g. personal-loan'),
  name: singleLineText({ min: 2, max: 100, typeMessage: 'name is required', minMessage: 'name must be at least 2 characters' }),
  type: z.enum(['EMI', 'salaryAdvance'], { error: 'type must be EMI or salaryAdvance' }),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO code such as INR'),
  minAmount: minor('minAmount', 1),
  maxAmount: minor('maxAmount', 1),
  minTenureMonths: wholeBetween('minTenureMonths', 1, MAX_TENURE_MONTHS),
  maxTenureMonths: wholeBetween('maxTenureMonths', 1, MAX_TENURE_MONTHS),
  annualRatePercent: percent('annualRatePercent'),
  processingFeePercent: percent('processingFeePercent'),
  graceDays: wholeBetween('graceDays', 0, MAX_GRACE_DAYS),
  penalChargeFlat: minor('penalChargeFlat', 0),
  allocationStrategy: z.enum(ALLOCATION_STRATEGIES, { error: `allocationStrategy must be one of ${ALLOCATION_STRATEGIES.join(', ')}` }),
  prepaymentMode: z.enum(PREPAYMENT_MODES, { error: `prepaymentMode must be one of ${PREPAYMENT_MODES.join(', ')}` }),
  advancePayment: z
    .enum(ADVANCE_PAYMENTS, { error: `advancePayment must be one of ${ADVANCE_PAYMENTS.join(', ')}` })
    .describe(
      'money paid beyond the running instalment: nextInstalments (paid in advance, the default) or prepayPrincipal (by prepaymentMode)',
    ),
  defaultPayDayOfMonth: wholeBetween('defaultPayDayOfMonth', 1, MAX_PAY_DAY).nullable(),
  minDaysToRepayment: wholeBetween('minDaysToRepayment', 0, 366).nullable(),
  mandateBounceCharge: minor('mandateBounceCharge', 0).describe(
    'auto-debit: minor units charged per returned debit, a penal charge on the instalment (never interest); default 50000',
  ),
  mandateRepresentations: wholeBetween('mandateRepresentations', 0, MAX_MANDATE_REPRESENTATIONS).describe(
    'auto-debit: times a bounced instalment is presented again after the first presentation (none after a final reason); default 2',
  ),
  mandateRepresentAfterDays: wholeBetween('mandateRepresentAfterDays', 1, MAX_MANDATE_REPRESENT_AFTER_DAYS).describe(
    'auto-debit: days between a bounce and the next presentation; default 5',
  ),
  mandateRequired: z
    .boolean({ error: 'mandateRequired must be true or false' })
    .describe('final approval (POST /api/admin/loans/:id/final-approve) needs an active auto-debit mandate; default false'),
  accountingRule: z
    .enum(ACCOUNTING_RULES, { error: `accountingRule must be one of ${ACCOUNTING_RULES.join(', ')}` })
    .describe(
      'how the books post its loans: accrual (interest accrued daily by close of business; the default), cash (interest when received) or none',
    ),
  // Names are checked by the domain, so an unknown one gets a message that lists the seven.
  requiredProfileSections: z
    .array(z.string({ error: 'requiredProfileSections must be a list of section names' }), {
      error: 'requiredProfileSections must be a list of section names',
    })
    .max(PRODUCT_PROFILE_SECTIONS.length * 2, 'requiredProfileSections lists too many names')
    .nullable()
    .describe(
      `the profile sections (${PRODUCT_PROFILE_SECTIONS.join(', ')}) a borrower completes before submitting under this product; null or left out on create: the PROFILE_REQUIRED_SECTIONS setting`,
    ),
  active: z.boolean({ error: 'active must be true or false' }),
};

const optional = Object.fromEntries(Object.entries(termFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof termFields]: z.ZodOptional<(typeof termFields)[K]>;
};

export const createProductBody = z.strictObject({
  ...optional,
  code: termFields.code,
  name: termFields.name,
  type: termFields.type,
  minAmount: termFields.minAmount,
  maxAmount: termFields.maxAmount,
  processingFeePercent: termFields.processingFeePercent,
});

/** The fields of a product record that its edit form sends back but nobody edits. */
const PRODUCT_READ_ONLY = ['id', 'version', 'madeBy', 'madeAt', 'createdAt', 'updatedAt'];
export const updateProductBody = editBody(optional, PRODUCT_READ_ONLY);

export const productListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  type: termFields.type.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  id: z.union([z.uuid('each id must be a product id'), z.array(z.uuid('each id must be a product id'))]).optional(),
});

export const productIdParam = z
  .string({ error: 'the product id must be a UUID' })
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the product id must be a UUID', path: ['id'] });

const versionTerms = {
  code: z.string(),
  name: z.string(),
  type: z.enum(['EMI', 'salaryAdvance']),
  currency: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  minTenureMonths: z.number().int(),
  maxTenureMonths: z.number().int(),
  annualRatePercent: z.number(),
  processingFeePercent: z.number().describe('the flat fee of a salary advance'),
  graceDays: z.number().int(),
  penalChargeFlat: z.number().int().describe('minor units, charged once per overdue instalment'),
  allocationStrategy: z.enum(ALLOCATION_STRATEGIES),
  prepaymentMode: z.enum(PREPAYMENT_MODES),
  advancePayment: z
    .enum(ADVANCE_PAYMENTS)
    .describe('money paid beyond the running instalment: nextInstalments (paid in advance) or prepayPrincipal'),
  defaultPayDayOfMonth: z.number().int().nullable().describe('salary advances only'),
  minDaysToRepayment: z.number().int().nullable().describe('salary advances only'),
  mandateBounceCharge: z.number().int().describe('auto-debit: minor units per returned debit, a penal charge (disclosed in the KFS)'),
  mandateRepresentations: z.number().int().describe('auto-debit: presentations of a bounced instalment after the first'),
  mandateRepresentAfterDays: z.number().int().describe('auto-debit: days between a bounce and the next presentation'),
  mandateRequired: z.boolean().describe('final approval needs an active auto-debit mandate'),
  accountingRule: z.enum(ACCOUNTING_RULES).describe('how the books post its loans: accrual, cash or none'),
  requiredProfileSections: z
    .array(z.enum(PRODUCT_PROFILE_SECTIONS))
    .describe(
      'the profile sections a borrower completes before submitting under this version: its own list, or the PROFILE_REQUIRED_SECTIONS setting for a version made without one',
    ),
  active: z.boolean(),
};

export const productSchema = z.strictObject({
  id: z.uuid(),
  ...versionTerms,
  version: z.number().int().describe('the current version; every edit makes the next'),
  madeBy: z.string().describe('who made the current version: a staff user id, or "system" for the products created from settings'),
  madeAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const productVersionSchema = z.strictObject({
  id: z.string().describe('<productId>:<version>'),
  productId: z.uuid(),
  version: z.number().int(),
  ...versionTerms,
  madeBy: z.string(),
  madeAt: z.string(),
});

export const publicProductSchema = z.strictObject({
  id: z.uuid(),
  version: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(['EMI', 'salaryAdvance']),
  currency: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  minTenureMonths: z.number().int(),
  maxTenureMonths: z.number().int(),
  annualRatePercent: z.number(),
  processingFeePercent: z.number(),
  graceDays: z.number().int(),
  penalChargeFlat: z.number().int(),
  prepaymentMode: z.enum(PREPAYMENT_MODES),
  advancePayment: z.enum(ADVANCE_PAYMENTS),
  defaultPayDayOfMonth: z.number().int().nullable(),
  minDaysToRepayment: z.number().int().nullable(),
  mandateBounceCharge: z.number().int().describe('auto-debit: minor units per returned debit, a penal charge'),
  mandateRepresentations: z.number().int().describe('auto-debit: presentations of a bounced instalment after the first'),
  mandateRepresentAfterDays: z.number().int().describe('auto-debit: days between a bounce and the next presentation'),
  mandateRequired: z.boolean().describe('an active auto-debit mandate is needed before final approval'),
});
