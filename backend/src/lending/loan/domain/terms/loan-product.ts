import type { ProductSettings } from '../../../../platform/config/product-settings.js';
import { FieldProblems, isIntegerBetween } from '../loan-input.validation.js';
import type { LoanType } from '../loan.types.js';

export const ALLOCATION_STRATEGIES = ['mifos-standard', 'rbi-india'] as const;
export type AllocationStrategy = (typeof ALLOCATION_STRATEGIES)[number];
export const PREPAYMENT_MODES = ['reduceTenure', 'reduceEmi'] as const;
export type PrepaymentMode = (typeof PREPAYMENT_MODES)[number];
export const ADVANCE_PAYMENTS = ['nextInstalments', 'prepayPrincipal'] as const;
export type AdvancePayment = (typeof ADVANCE_PAYMENTS)[number];
/** How the books post the loans of a version (docs/accounting.md): not at all, interest when received, or accrued daily. */
export const ACCOUNTING_RULES = ['none', 'cash', 'accrual'] as const;
export type AccountingRule = (typeof ACCOUNTING_RULES)[number];
/** A new version's rule when none is given, and that of every version made before the setting (migration 0061). */
export const DEFAULT_ACCOUNTING_RULE: AccountingRule = 'accrual';

/** Largest amount a product may lend, in minor units (10^13 paise = 10^11 rupees), as the EMI calculator allows. */
export const MAX_PRODUCT_AMOUNT = 10_000_000_000_000;
export const MAX_TENURE_MONTHS = 600;
export const MAX_GRACE_DAYS = 365;
// Capped below every month's length so a pay day exists in each month.
export const MAX_PAY_DAY = 28;
/** Auto-debit: re-presentations of one bounced instalment at most (NPCI lets a lender present again; more only costs charges). */
export const MAX_MANDATE_REPRESENTATIONS = 5;
/** Auto-debit: days between a bounce and the next presentation, at most. */
export const MAX_MANDATE_REPRESENT_AFTER_DAYS = 30;

/** The auto-debit settings of a version made before they existed (migration 0054), and of a new product left without them. */
export const DEFAULT_MANDATE_SETTINGS = {
  mandateBounceCharge: 50_000,
  mandateRepresentations: 2,
  mandateRepresentAfterDays: 5,
  mandateRequired: false,
} as const;

/**
 * The terms of one version of a loan product: what a loan pins when it is applied for. Money in minor units. A salary
 * advance charges its flat fee (processingFeePercent) instead of interest, runs one month, and is repaid on the
 * borrower's pay day: its rate is 0, its tenure 1..1, and it has pay-day rules; an EMI product has none.
 */
export type ProductTerms = {
  code: string;
  name: string;
  type: LoanType;
  currency: string;
  minAmount: number;
  maxAmount: number;
  minTenureMonths: number;
  maxTenureMonths: number;
  annualRatePercent: number;
  processingFeePercent: number;
  graceDays: number;
  penalChargeFlat: number;
  allocationStrategy: AllocationStrategy;
  prepaymentMode: PrepaymentMode;
  /**
   * Money paid beyond the running instalment: the next instalments in order (paid in advance) or a prepayment of
   * principal by `prepaymentMode` (docs/servicing.md). Terms pinned before the field existed lack it: nextInstalments.
   */
  advancePayment: AdvancePayment;
  /** Salary advances: used when the borrower names no pay day. null for EMI. */
  defaultPayDayOfMonth: number | null;
  /** Salary advances: a pay day closer to the payout than this rolls to the following month. null for EMI. */
  minDaysToRepayment: number | null;
  /**
   * Auto-debit (docs/mandates.md): minor units charged per returned debit (a penal charge on the instalment, never
   * interest; disclosed in the KFS), re-presentations of a bounced instalment after the first presentation, days between
   * a bounce and the next presentation, and whether final approval needs an active mandate. Terms pinned before these
   * existed lack them: DEFAULT_MANDATE_SETTINGS.
   */
  mandateBounceCharge: number;
  mandateRepresentations: number;
  mandateRepresentAfterDays: number;
  mandateRequired: boolean;
  /**
   * The books' rule for its loans (docs/accounting.md): `accrual` (the default), `cash` or `none`. A loan pins it and
   * its LoanDisbursed carries it; terms pinned before it existed lack it, and the books post those loans as before: cash.
   */
  accountingRule: AccountingRule;
  active: boolean;
};

/** What the decider reads for one loan: the version of the product it was applied under. */
export type ProductParameters = ProductTerms & { productId: string; productVersion: number };

/** The product terms a loan records in LoanApplicationStarted: its own copy, so replay never reads a product table. */
export type PinnedProductTerms = Omit<ProductTerms, 'active'>;

export function pinnedTerms(params: ProductParameters): PinnedProductTerms {
  const { productId: _id, productVersion: _version, active: _active, ...terms } = params;
  return terms;
}

/** The products created from the environment settings on an empty database: ids fixed, so every process agrees. */
export const DEFAULT_PRODUCT_IDS: Record<LoanType, string> = {
  EMI: '00000000-0000-4000-8000-000000000001',
  salaryAdvance: '00000000-0000-4000-8000-000000000002',
};

/**
 * Version 1 of a default product, from the settings that configured products before they were data. Loans started
 * before products existed recorded no product: they are read as applied under this version.
 */
export function defaultProductParameters(settings: ProductSettings, type: LoanType): ProductParameters {
  const common = {
    productId: DEFAULT_PRODUCT_IDS[type],
    productVersion: 1,
    type,
    currency: settings.currency,
    graceDays: 0,
    penalChargeFlat: 0,
    allocationStrategy: 'mifos-standard' as const,
    prepaymentMode: 'reduceTenure' as const,
    advancePayment: 'nextInstalments' as const,
    ...DEFAULT_MANDATE_SETTINGS,
    accountingRule: DEFAULT_ACCOUNTING_RULE,
    active: true,
  };
  if (type === 'EMI') {
    const emi = settings.EMI;
    return {
      ...common,
      code: 'personal-loan',
      name: 'Personal loan (EMI)',
      minAmount: emi.minAmount,
      maxAmount: emi.maxAmount,
      minTenureMonths: emi.minTenureMonths,
      maxTenureMonths: emi.maxTenureMonths,
      annualRatePercent: emi.annualRatePercent,
      processingFeePercent: emi.processingFeePercent,
      defaultPayDayOfMonth: null,
      minDaysToRepayment: null,
    };
  }
  const advance = settings.salaryAdvance;
  return {
    ...common,
    code: 'salary-advance',
    name: 'Salary advance',
    minAmount: advance.minAmount,
    maxAmount: advance.maxAmount,
    minTenureMonths: 1,
    maxTenureMonths: 1,
    annualRatePercent: 0,
    processingFeePercent: advance.feePercent,
    defaultPayDayOfMonth: advance.defaultPayDayOfMonth,
    minDaysToRepayment: advance.minDaysToRepayment,
  };
}

/**
 * The rules between fields of a product (each field's own type and range is checked by the HTTP schema too, but a
 * merged edit is checked here whole): bounds in order, and what each type may and must have.
 */
export function productProblems(terms: ProductTerms): FieldProblems {
  const problems = new FieldProblems();
  problems.requireInteger('minAmount', terms.minAmount, 1, MAX_PRODUCT_AMOUNT);
  problems.requireInteger('maxAmount', terms.maxAmount, 1, MAX_PRODUCT_AMOUNT);
  if (terms.minAmount > terms.maxAmount) problems.add('minAmount', 'minAmount must not exceed maxAmount');
  problems.requireInteger('graceDays', terms.graceDays, 0, MAX_GRACE_DAYS);
  problems.requireInteger('penalChargeFlat', terms.penalChargeFlat, 0, MAX_PRODUCT_AMOUNT);
  problems.requireInteger('mandateBounceCharge', terms.mandateBounceCharge, 0, MAX_PRODUCT_AMOUNT);
  problems.requireInteger('mandateRepresentations', terms.mandateRepresentations, 0, MAX_MANDATE_REPRESENTATIONS);
  problems.requireInteger('mandateRepresentAfterDays', terms.mandateRepresentAfterDays, 1, MAX_MANDATE_REPRESENT_AFTER_DAYS);
  if (typeof terms.mandateRequired !== 'boolean') problems.add('mandateRequired', 'mandateRequired must be true or false');
  if (!(terms.processingFeePercent >= 0 && terms.processingFeePercent <= 100))
    problems.add('processingFeePercent', 'processingFeePercent must be between 0 and 100');
  if (terms.type === 'EMI') {
    problems.requireInteger('minTenureMonths', terms.minTenureMonths, 1, MAX_TENURE_MONTHS);
    problems.requireInteger('maxTenureMonths', terms.maxTenureMonths, 1, MAX_TENURE_MONTHS);
    if (terms.minTenureMonths > terms.maxTenureMonths) problems.add('minTenureMonths', 'minTenureMonths must not exceed maxTenureMonths');
    if (!(terms.annualRatePercent >= 0 && terms.annualRatePercent <= 100))
      problems.add('annualRatePercent', 'annualRatePercent must be between 0 and 100');
    if (terms.defaultPayDayOfMonth !== null) problems.add('defaultPayDayOfMonth', 'defaultPayDayOfMonth applies to salary advances only');
    if (terms.minDaysToRepayment !== null) problems.add('minDaysToRepayment', 'minDaysToRepayment applies to salary advances only');
  } else {
    if (terms.minTenureMonths !== 1) problems.add('minTenureMonths', 'minTenureMonths must be 1 for a salary advance');
    if (terms.maxTenureMonths !== 1) problems.add('maxTenureMonths', 'maxTenureMonths must be 1 for a salary advance');
    if (terms.annualRatePercent !== 0)
      problems.add('annualRatePercent', 'annualRatePercent must be 0 for a salary advance (it charges a flat fee: processingFeePercent)');
    if (!isIntegerBetween(terms.defaultPayDayOfMonth, 1, MAX_PAY_DAY))
      problems.add('defaultPayDayOfMonth', `defaultPayDayOfMonth must be a whole number between 1 and ${MAX_PAY_DAY}`);
    problems.requireInteger('minDaysToRepayment', terms.minDaysToRepayment, 0, 366);
  }
  return problems;
}
