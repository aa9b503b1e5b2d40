import type { BankVerificationMethod } from '../../pipeline/domain/bank-verification.js';
import { assertNever } from './assert-never.js';
import type { PinnedProductTerms } from './terms/loan-product.js';
import { evolveCollectionWork, type CollectorState } from '../../collections/domain/collection-work.js';
import { evolveReminders } from '../../collections/domain/reminder-outcomes.js';
import { evolveCollections, type CollectionsState } from '../../collections/domain/collections.state.js';
import type { LoanEvent } from './loan.events.js';
import { evolveMoney, type PaymentRecord, type RefundRecord } from '../../servicing/domain/payment.state.js';
import { evolveSettlement, type SettlementState } from '../../settlement/domain/settlement.state.js';
import { servicingTermsFor, type ServicingChoices, DEFAULT_SERVICING_CHOICES } from './schedule/servicing-terms.js';
import type { ServicingEvent, ServicingTerms } from './schedule/servicing.types.js';
import type { Actor, AgreementTerms, LoanStatus, LoanType, ScheduleLine } from './loan.types.js';

/** A gate of the pipeline; the admin "approved" lists show who passed it and when. */
export type LoanGate = 'soft' | 'bank' | 'consent' | 'final';

export type GatePassage = { at: string; actor: Actor };

export type LoanRecord = {
  status: LoanStatus;
  id: string;
  borrowerId: string;
  loanType: LoanType;
  /** As requested by the borrower. */
  amount: number;
  /** Set by the soft check; the principal from then on. */
  approvedAmount?: number;
  tenureMonths: number;
  annualRatePercent: number;
  fee: number;
  payDayOfMonth?: number;
  /** The pinned product version; absent for loans started before products were data. */
  product?: { id: string; version: number; terms: PinnedProductTerms };
  score?: number;
  bankAccountLast4?: string;
  /** How the account was verified; absent for loans verified before it was recorded. */
  bankVerification?: { method: BankVerificationMethod; ifsc?: string; reference?: string };
  agreement?: { documentHash: string; terms: AgreementTerms; issuedAt: string };
  signedAt?: string;
  payoutReference?: string;
  disbursedOn?: string;
  schedule?: ScheduleLine[];
  /** From disbursal: the terms the servicing fold starts from and the money events it reads, in log order. */
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
  /** Payments by id, with their lifecycle (absent until the first one). */
  payments?: Record<string, PaymentRecord>;
  /** Credit balance refunds by id (maker-checker). */
  refunds?: Record<string, RefundRecord>;
  /** What close of business recorded: instalments fallen due and overdue, penal charges, days past due, classification. */
  collections?: CollectionsState;
  /** Collections work: the collector assigned and the last promise to pay (absent until the first). */
  collector?: CollectorState;
  /** Collection reminders whose outcome (sent or skipped) is recorded, as `reminderOutcomeKey`s (absent until the first). */
  remindersRecorded?: readonly string[];
  /** Settlement offers and the write-off (maker-checker), absent until the first. */
  settlement?: SettlementState;
  /** YYYY-MM-DD, while closed. */
  closedOn?: string;
  createdAt: string;
  updatedAt: string;
  lastActor: Actor;
  lastReason?: string;
  /** Number of events applied: the expected version for the next append. */
  version: number;
  /**
   * Gates passed: soft = SoftCheckApproved, bank = BankVerificationApproved,
   * consent = AgreementSigned, final = FinalApprovalGranted.
   */
  passed: Partial<Record<LoanGate, GatePassage>>;
};

export type LoanState = { status: 'none' } | LoanRecord;

export const initialLoanState: LoanState = { status: 'none' };

export function evolve(state: LoanState, event: LoanEvent): LoanState {
  if (event.type === 'LoanApplicationStarted') {
    const { data } = event;
    return {
      status: 'new',
      id: data.loanId,
      borrowerId: data.borrowerId,
      loanType: data.loanType,
      amount: data.amount,
      tenureMonths: data.tenureMonths,
      annualRatePercent: data.annualRatePercent,
      fee: data.fee,
      payDayOfMonth: data.payDayOfMonth,
      ...(data.productId !== undefined && data.productVersion !== undefined && data.productTerms !== undefined
        ? { product: { id: data.productId, version: data.productVersion, terms: data.productTerms } }
        : {}),
      createdAt: data.at,
      updatedAt: data.at,
      lastActor: data.actor,
      lastReason: data.reason,
      version: 1,
      passed: {},
    };
  }
  if (state.status === 'none') {
    // The log is the source of truth; a stream that does not begin with its start is
    // corrupt, and guessing a state from it would hide that.
    throw new Error(`Loan stream ${event.data.loanId} does not begin with LoanApplicationStarted`);
  }

  const { data } = event;
  const loan: LoanRecord = {
    ...state,
    updatedAt: data.at,
    lastActor: data.actor,
    lastReason: data.reason,
    version: state.version + 1,
  };
  const passage: GatePassage = { at: data.at, actor: data.actor };

  switch (event.type) {
    case 'LoanApplicationAmended':
      return {
        ...loan,
        amount: event.data.amount,
        tenureMonths: event.data.tenureMonths,
        fee: event.data.fee,
      };
    case 'LoanApplicationSubmitted':
      return { ...loan, status: 'applied' };
    case 'LoanApplicationAccepted':
      return { ...loan, status: 'soft.pending' };
    case 'SoftCheckApproved':
      return {
        ...loan,
        status: 'bank.pending',
        score: event.data.score,
        approvedAmount: event.data.approvedAmount,
        fee: event.data.fee,
        passed: { ...loan.passed, soft: passage },
      };
    case 'BankVerificationApproved':
      return {
        ...loan,
        status: 'consent.pending',
        bankAccountLast4: event.data.bankAccountLast4,
        ...(event.data.method ? { bankVerification: { method: event.data.method, ifsc: event.data.ifsc, reference: event.data.pennyDrop?.reference } } : {}),
        passed: { ...loan.passed, bank: passage },
      };
    case 'AgreementIssued':
      return {
        ...loan,
        status: 'consent.customerpending',
        agreement: {
          documentHash: event.data.documentHash,
          terms: event.data.terms,
          issuedAt: data.at,
        },
      };
    case 'AgreementSigned':
      return {
        ...loan,
        status: 'final.pending',
        signedAt: data.at,
        passed: { ...loan.passed, consent: passage },
      };
    case 'FinalApprovalGranted':
      return { ...loan, status: 'disbursal.pending', passed: { ...loan.passed, final: passage } };
    case 'LoanDisbursed': {
      const disbursed: LoanRecord = {
        ...loan,
        status: 'active',
        payoutReference: event.data.payoutReference,
        disbursedOn: event.data.disbursedOn,
        schedule: event.data.schedule,
      };
      return { ...disbursed, servicing: { terms: event.data.servicingTerms ?? servicingTermsFor(disbursed, servicingChoicesOf(loan)), events: [] } };
    }
    case 'LoanRejected':
      return { ...loan, status: 'rejected' };
    case 'LoanApplicationCancelled':
      return { ...loan, status: 'cancelled' };
    case 'PaymentRecorded':
    case 'PaymentRejected':
    case 'OnlinePaymentCreated':
    case 'OnlinePaymentFailed':
    case 'PaymentAmountMismatched':
    case 'RepaymentApplied':
    case 'PaymentReversalRequested':
    case 'PaymentReversalRejected':
    case 'RepaymentReversed':
    case 'CreditBalanceRefundRequested':
    case 'CreditBalanceRefunded':
    case 'LoanClosed':
    case 'LoanReopened':
      return evolveMoney(loan, event);
    case 'InstalmentFellDue':
    case 'InstalmentWentOverdue':
    case 'PenalChargeApplied':
    case 'LoanClassificationChanged':
      return evolveCollections(loan, event);
    case 'CollectorAssigned':
    case 'CollectionContactRecorded':
      return evolveCollectionWork(loan, event);
    case 'CollectionReminderSent':
    case 'CollectionReminderSkipped':
      return evolveReminders(loan, event);
    case 'SettlementOffered':
    case 'SettlementOfferApproved':
    case 'SettlementOfferRejected':
    case 'SettlementOfferWithdrawn':
    case 'SettlementOfferLapsed':
    case 'LoanSettled':
    case 'WriteOffRequested':
    case 'WriteOffApproved':
    case 'WriteOffRejected':
    case 'WriteOffWithdrawn':
    case 'LoanWrittenOff':
      return evolveSettlement(loan, event);
    default:
      return assertNever(event, 'loan event');
  }
}

/**
 * The product's allocation strategy, prepayment mode and advance-payment setting, as the loan pinned them (defaults for
 * loans from before products, and for the advance-payment setting of terms pinned before it existed).
 */
export function servicingChoicesOf(loan: LoanRecord): ServicingChoices {
  const terms = loan.product?.terms as (Omit<PinnedProductTerms, 'advancePayment'> & Partial<Pick<PinnedProductTerms, 'advancePayment'>>) | undefined;
  return terms
    ? { strategy: terms.allocationStrategy, prepaymentMode: terms.prepaymentMode, advancePayment: terms.advancePayment ?? DEFAULT_SERVICING_CHOICES.advancePayment }
    : DEFAULT_SERVICING_CHOICES;
}

export function replay(events: readonly LoanEvent[]): LoanState {
  return events.reduce(evolve, initialLoanState);
}
