import { evolveCollectionWork, type CollectorState } from '../../collections/domain/collection-work.js';
import { evolveReminders } from '../../collections/domain/reminder-outcomes.js';
import { evolveCollections, type CollectionsState } from '../../collections/domain/collections.state.js';
import { evolveMandates, isRoutineAutoDebitStep, type MandatesState } from '../../mandates/domain/mandate.state.js';
import { isMandateEvent } from '../../mandates/domain/mandate.events.js';
import { evolvePipeline, startedLoan, type PipelineRecord } from '../../pipeline/domain/pipeline.state.js';
import { evolveMoney, type PaymentRecord, type RefundRecord } from '../../servicing/domain/payment.state.js';
import { evolveSettlement, type SettlementState } from '../../settlement/domain/settlement.state.js';
import { evolveCoolingOff, type CoolingOffExitRecord } from '../../pipeline/domain/cooling-off/cooling-off.decide.js';
import { assertNever } from './assert-never.js';
import type { LoanEvent } from './loan.events.js';

/** A loan's state: what the pipeline recorded, and what each later slice adds to it. */
export type LoanRecord = PipelineRecord & {
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
  /** Auto-debit mandates and their presentations (absent until the first registration). */
  mandates?: MandatesState;
  /** The cooling-off exit (issue 33), absent until one is asked for. */
  coolingOffExit?: CoolingOffExitRecord;
  /** YYYY-MM-DD, while closed. */
  closedOn?: string;
};

export type LoanState = { status: 'none' } | LoanRecord;

export const initialLoanState: LoanState = { status: 'none' };

/** Folds one event into the loan: the envelope (version, last actor) here, the rest by the slice the event belongs to. */
export function evolve(state: LoanState, event: LoanEvent): LoanState {
  if (event.type === 'LoanApplicationStarted') return startedLoan(event);
  if (state.status === 'none') {
    // The log is the source of truth; a stream that does not begin with its start is
    // corrupt, and guessing a state from it would hide that.
    throw new Error(`Loan stream ${event.data.loanId} does not begin with LoanApplicationStarted`);
  }

  const { data } = event;
  // A routine auto-debit step (a presentation, its acceptance, a pre-debit notice) moves the version, not the last move.
  const loan: LoanRecord = isRoutineAutoDebitStep(event)
    ? { ...state, version: state.version + 1 }
    : { ...state, updatedAt: data.at, lastActor: data.actor, lastReason: data.reason, version: state.version + 1 };

  if (isMandateEvent(event)) return evolveMandates(loan, event);
  switch (event.type) {
    case 'LoanApplicationAmended':
    case 'LoanApplicationSubmitted':
    case 'LoanApplicationAccepted':
    case 'SoftCheckApproved':
    case 'BankVerificationApproved':
    case 'AgreementIssued':
    case 'AgreementSigned':
    case 'FinalApprovalGranted':
    case 'LoanDisbursed':
    case 'LoanRejected':
    case 'LoanApplicationCancelled':
      return evolvePipeline(loan, event);
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
    case 'CoolingOffExitRequested':
    case 'CoolingOffExitApproved':
    case 'LoanExitedInCoolingOff':
      return evolveCoolingOff(loan, event);
    default:
      return assertNever(event, 'loan event');
  }
}

export function replay(events: readonly LoanEvent[]): LoanState {
  return events.reduce(evolve, initialLoanState);
}
