import type { BankVerificationMethod } from '../../pipeline/domain/bank-verification.js';
import type { PinnedProductTerms } from './terms/loan-product.js';
import { COLLECTION_EVENT_TYPES, type CollectionEvent } from '../../collections/domain/collection.events.js';
import { COLLECTION_WORK_EVENT_TYPES, type CollectionWorkEvent } from '../../collections/domain/collection-work.events.js';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from '../../collections/domain/reminder.events.js';
import { MONEY_EVENT_TYPES, type MoneyEvent } from '../../servicing/domain/payment.events.js';
import { SETTLEMENT_EVENT_TYPES, type SettlementEvent } from '../../settlement/domain/settlement.events.js';
import type { ServicingTerms } from './schedule/servicing.types.js';
import type {
  AgreementTerms,
  LoanMessageBase,
  LoanStatus,
  LoanType,
  ScheduleLine,
  SigningEvidence,
} from './loan.types.js';

// Published event names and fields are a contract with projections and the stored log:
// never rename or repurpose one; add a new version and an upcaster instead.
type LoanEventOf<Type extends string, Data = unknown> = {
  type: Type;
  data: LoanMessageBase & Data;
};

export type LoanApplicationStarted = LoanEventOf<
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

export type LoanApplicationAmended = LoanEventOf<
  'LoanApplicationAmended',
  { amount: number; tenureMonths: number; fee: number }
>;

export type LoanApplicationSubmitted = LoanEventOf<'LoanApplicationSubmitted'>;

/** Staff took the application into credit review (applied → soft.pending). */
export type LoanApplicationAccepted = LoanEventOf<'LoanApplicationAccepted'>;

export type SoftCheckApproved = LoanEventOf<
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
export type BankVerificationApproved = LoanEventOf<
  'BankVerificationApproved',
  {
    bankAccountLast4?: string;
    method?: BankVerificationMethod;
    ifsc?: string;
    pennyDrop?: { provider: string; reference: string; nameAtBank: string; nameMatch: boolean };
  }
>;

export type AgreementIssued = LoanEventOf<
  'AgreementIssued',
  {
    /** sha256 of the rendered agreement, hex. */
    documentHash: string;
    terms: AgreementTerms;
  }
>;

/** `evidence` is absent on agreements signed before issue 14 (no one-time code then). */
export type AgreementSigned = LoanEventOf<'AgreementSigned', { documentHash: string; evidence?: SigningEvidence }>;

export type FinalApprovalGranted = LoanEventOf<'FinalApprovalGranted'>;

export type LoanDisbursed = LoanEventOf<
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
  }
>;

export type LoanRejected = LoanEventOf<'LoanRejected', { reason: string; fromState: LoanStatus }>;

export type LoanApplicationCancelled = LoanEventOf<
  'LoanApplicationCancelled',
  { reason: string; fromState: LoanStatus }
>;

export type LoanEvent =
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
  | LoanApplicationCancelled
  | MoneyEvent
  | CollectionEvent
  | CollectionWorkEvent
  | ReminderEvent
  | SettlementEvent;

export type LoanEventType = LoanEvent['type'];

// A record keyed by every event type makes the compiler reject a list that misses one.
const EVERY_LOAN_EVENT_TYPE: Record<Exclude<LoanEventType, MoneyEvent['type'] | CollectionEvent['type'] | CollectionWorkEvent['type'] | ReminderEvent['type'] | SettlementEvent['type']>, true> = {
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

export const LOAN_EVENT_TYPES = [...Object.keys(EVERY_LOAN_EVENT_TYPE), ...MONEY_EVENT_TYPES, ...COLLECTION_EVENT_TYPES, ...COLLECTION_WORK_EVENT_TYPES, ...REMINDER_EVENT_TYPES, ...SETTLEMENT_EVENT_TYPES] as readonly LoanEventType[];
