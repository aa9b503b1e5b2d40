import { DEFAULT_MANDATE_SETTINGS, type PinnedProductTerms } from '../../loan/domain/terms/loan-product.js';

/**
 * The auto-debit rules a product version applies (docs/mandates.md), read from the terms the loan pinned
 * (mandateRulesOf); disclosed in the KFS as the bounce charge and the re-presentation policy.
 */
export type MandateRules = {
  /** Minor units (paise) charged per returned debit: a penal charge on the instalment, never interest. */
  bounceCharge: number;
  /** Presentations of one instalment at most, the first included. */
  maxPresentations: number;
  /** Business days after a bounce before the next presentation. */
  representAfterDays: number;
};

/** Terms that may lack the auto-debit settings: pinned before migration 0054, or no product at all (loans from before products). */
export type MandateTerms = Partial<
  Pick<PinnedProductTerms, 'mandateBounceCharge' | 'mandateRepresentations' | 'mandateRepresentAfterDays' | 'mandateRequired'>
>;

/** The rules of the terms pinned before the settings existed (and of loans from before products): ₹500, 3 presentations, 5 days apart. */
export const DEFAULT_MANDATE_RULES: MandateRules = {
  bounceCharge: DEFAULT_MANDATE_SETTINGS.mandateBounceCharge,
  maxPresentations: 1 + DEFAULT_MANDATE_SETTINGS.mandateRepresentations,
  representAfterDays: DEFAULT_MANDATE_SETTINGS.mandateRepresentAfterDays,
};

/** The rules of the product version a loan pinned, each setting it lacks from the defaults. */
export function mandateRulesOf(terms: MandateTerms | undefined): MandateRules {
  return {
    bounceCharge: terms?.mandateBounceCharge ?? DEFAULT_MANDATE_RULES.bounceCharge,
    maxPresentations: 1 + (terms?.mandateRepresentations ?? DEFAULT_MANDATE_SETTINGS.mandateRepresentations),
    representAfterDays: terms?.mandateRepresentAfterDays ?? DEFAULT_MANDATE_RULES.representAfterDays,
  };
}

/** NPCI: a UPI AutoPay debit above ₹15,000 needs the borrower's extra authentication each time, so no auto-debit. */
export const UPI_AUTOPAY_LIMIT = 1_500_000;

/** UPI AutoPay: the pre-debit notification must reach the borrower at least this long before the debit. */
export const PRE_DEBIT_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Return reasons the sandbox and the adapters map the bank's codes to. A final one makes a re-presentation
 * pointless (it would bounce again and cost the borrower another charge): the instalment goes to collectors. One that
 * says the mandate can never debit again (`cancels`: the cause recorded) also cancels the mandate: the loan falls back
 * to manual payment and the borrower is told to pay each instalment by its due date.
 */
export const BOUNCE_REASONS: Record<string, { reason: string; final: boolean; cancels?: MandateCancelCause }> = {
  INSUFFICIENT_FUNDS: { reason: 'Balance insufficient', final: false },
  TECHNICAL: { reason: 'Technical failure at the bank', final: false },
  ACCOUNT_CLOSED: { reason: 'Account closed or transferred', final: true, cancels: 'account-closed' },
  NO_SUCH_ACCOUNT: { reason: 'No such account', final: true },
  ACCOUNT_FROZEN: { reason: 'Account frozen or blocked', final: true },
  MANDATE_CANCELLED: { reason: 'Mandate cancelled by the payer', final: true, cancels: 'cancelled-at-bank' },
  MANDATE_NOT_FOUND: { reason: 'Mandate not registered at the bank', final: true },
};

/**
 * Why a mandate ended when the bank ended it: the borrower cancelled it at their bank (a bounce MANDATE_CANCELLED, or
 * the provider's notice `status: "cancelled"`), or the account is closed (a bounce ACCOUNT_CLOSED).
 */
export type MandateCancelCause = 'cancelled-at-bank' | 'account-closed';

export function bounceReasonOf(code: string): { reason: string; final: boolean; cancels?: MandateCancelCause } {
  return BOUNCE_REASONS[code] ?? { reason: `Returned by the bank (${code})`, final: false };
}
/** Deterministic: the same instalment and attempt always name the same presentation and provider idempotency key. */
export function presentationIdOf(loanId: string, instalmentNumber: number, attempt: number): string {
  return `${loanId}-i${instalmentNumber}-a${attempt}`;
}

/**
 * The default terms a registration proposes: twice the largest instalment (room for charges and a late one, still
 * bounded), capped at the UPI AutoPay limit for UPI; monthly; from today until a year after the last due date (room
 * for re-presentations of the last instalment).
 */
export function proposedMandateTerms(
  kind: 'e-nach' | 'upi-autopay',
  largestInstalment: number,
  lastDueDate: string,
  businessDate: string,
): { maxAmount: number; frequency: 'monthly'; validFrom: string; validUntil: string } {
  const twice = Math.ceil((largestInstalment * 2) / 100) * 100;
  const maxAmount = kind === 'upi-autopay' ? Math.min(twice, Math.max(UPI_AUTOPAY_LIMIT, largestInstalment)) : twice;
  const [year, rest] = [Number(lastDueDate.slice(0, 4)), lastDueDate.slice(4)];
  const validUntil = rest === '-02-29' ? `${year + 1}-02-28` : `${year + 1}${rest}`;
  return { maxAmount, frequency: 'monthly', validFrom: businessDate, validUntil };
}
