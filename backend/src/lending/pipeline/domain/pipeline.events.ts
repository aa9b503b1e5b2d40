import type { AccountingRule, PinnedProductTerms } from '../../loan/domain/terms/loan-product.js';
import type { ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import type { AgreementTerms, LoanMessageBase, LoanStatus, LoanType, ScheduleLine, SigningEvidence } from '../../loan/domain/loan.types.js';
import type { PinnedCoolingOff } from './cooling-off/cooling-off.rules.js';
import type { BankVerificationMethod } from './bank-verification.js';
import type { PayoutAccount } from './payout-account.js';

/** The pipeline's events, from the application to the payout (or a rejection or cancellation before it). */
// Published event names and fields are a contract with projections and the stored log:
// never rename or repurpose one; add a new version and an upcaster instead.
type PipelineEventOf<Type extends string, Data = unknown> = {
  type: Type;
  data: LoanMessageBase & Data;
};

export type LoanApplicationStarted = PipelineEventOf<
  'LoanApplicationStarted',
  {
    borrowerId: string;
    loanType: LoanType;
    amount: number;
    /** 1 for a salary advance. */
    tenureMonths: number;
    /** 0 for a salary advance, which charges a flat fee instead. */
    annualRatePercent: number;
    fee: number;
    /** Salary advances only. */
    payDayOfMonth?: number;
    /**
     * The product version the loan is applied under, and a copy of its terms: the loan's terms never change under it,
     * and replay never reads the product tables. Absent on loans started before products were data (issue 12): those
     * are read as applied under version 1 of the default product of their type.
     */
    productId?: string;
    productVersion?: number;
    productTerms?: PinnedProductTerms;
  }
>;

export type LoanApplicationAmended = PipelineEventOf<'LoanApplicationAmended', { amount: number; tenureMonths: number; fee: number }>;

export type LoanApplicationSubmitted = PipelineEventOf<'LoanApplicationSubmitted'>;

/** Staff took the application into credit review (applied → soft.pending). */
export type LoanApplicationAccepted = PipelineEventOf<'LoanApplicationAccepted'>;

export type SoftCheckApproved = PipelineEventOf<
  'SoftCheckApproved',
  {
    score: number;
    approvedAmount: number;
    /** Recomputed for approvedAmount. */
    fee: number;
  }
>;

/**
 * How the account was verified (issue 14): the method, the account's last four digits and IFSC, and for a penny drop
 * the provider's reference and the name the bank holds. Events before it carry only `bankAccountLast4`, or nothing.
 */
export type BankVerificationApproved = PipelineEventOf<
  'BankVerificationApproved',
  {
    bankAccountLast4?: string;
    method?: BankVerificationMethod;
    ifsc?: string;
    pennyDrop?: { provider: string; reference: string; nameAtBank: string; nameMatch: boolean };
  }
>;

export type AgreementIssued = PipelineEventOf<
  'AgreementIssued',
  {
    /** sha256 of the rendered agreement, hex. */
    documentHash: string;
    terms: AgreementTerms;
    /** The cooling-off terms the KFS stated; absent on agreements issued before they were pinned (the settings apply). */
    coolingOff?: PinnedCoolingOff;
  }
>;

/** `evidence` is absent on agreements signed before issue 14 (no one-time code then). */
export type AgreementSigned = PipelineEventOf<'AgreementSigned', { documentHash: string; evidence?: SigningEvidence }>;

export type FinalApprovalGranted = PipelineEventOf<'FinalApprovalGranted'>;

export type LoanDisbursed = PipelineEventOf<
  'LoanDisbursed',
  {
    payoutReference: string;
    /** YYYY-MM-DD */
    disbursedOn: string;
    schedule: ScheduleLine[];
    /**
     * The servicing terms fixed here (principal, rate, tenure, fee, first due date, the product's allocation strategy
     * and prepayment mode), copied so that servicing read models start from this event alone. Absent on loans
     * disbursed before issue 12: those are read from the stream's earlier events.
     */
    servicingTerms?: ServicingTerms;
    /** The verified account paid (last four and IFSC; issue 33). Absent on loans disbursed before it was recorded. */
    payoutAccount?: PayoutAccount;
    /** The books' rule pinned from the product version (docs/accounting.md); absent on loans pinned before it: cash. */
    accountingRule?: AccountingRule;
  }
>;

export type LoanRejected = PipelineEventOf<'LoanRejected', { reason: string; fromState: LoanStatus }>;

export type LoanApplicationCancelled = PipelineEventOf<'LoanApplicationCancelled', { reason: string; fromState: LoanStatus }>;

export type PipelineEvent =
  | LoanApplicationStarted
  | LoanApplicationAmended
  | LoanApplicationSubmitted
  | LoanApplicationAccepted
  | SoftCheckApproved
  | BankVerificationApproved
  | AgreementIssued
  | AgreementSigned
  | FinalApprovalGranted
  | LoanDisbursed
  | LoanRejected
  | LoanApplicationCancelled;

// A record keyed by every event type makes the compiler reject a list that misses one.
const EVERY_PIPELINE_EVENT_TYPE: Record<PipelineEvent['type'], true> = {
  LoanApplicationStarted: true,
  LoanApplicationAmended: true,
  LoanApplicationSubmitted: true,
  LoanApplicationAccepted: true,
  SoftCheckApproved: true,
  BankVerificationApproved: true,
  AgreementIssued: true,
  AgreementSigned: true,
  FinalApprovalGranted: true,
  LoanDisbursed: true,
  LoanRejected: true,
  LoanApplicationCancelled: true,
};

export const PIPELINE_EVENT_TYPES = Object.keys(EVERY_PIPELINE_EVENT_TYPE) as readonly PipelineEvent['type'][];
