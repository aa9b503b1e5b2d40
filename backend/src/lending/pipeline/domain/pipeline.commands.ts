import type { LoanMessageBase, LoanType, SigningEvidence } from '../../loan/domain/loan.types.js';
import type { PinnedCoolingOff } from './cooling-off/cooling-off.rules.js';
import type { BankCheck } from './bank-verification.js';
import type { PayoutAccountFacts } from './payout-account.js';

/** The pipeline's commands: start an application, then one named action per move until the payout. */
type PipelineCommandOf<Type extends string, Data = unknown> = {
  type: Type;
  data: LoanMessageBase & Data;
};

export type StartLoanApplication = PipelineCommandOf<
  'StartLoanApplication',
  {
    borrowerId: string;
    loanType: LoanType;
    amount: number;
    /** Required for EMI; a salary advance is always 1. */
    tenureMonths?: number;
    /** Salary advances only; defaults to the product's default pay day. */
    payDayOfMonth?: number;
  }
>;

export type AmendLoanApplication = PipelineCommandOf<'AmendLoanApplication', { amount?: number; tenureMonths?: number }>;

export type SubmitLoanApplication = PipelineCommandOf<
  'SubmitLoanApplication',
  {
    /** Computed outside the domain from the customer's profile; non-empty is refused. */
    missingProfileFields: string[];
  }
>;

export type AcceptLoanApplication = PipelineCommandOf<'AcceptLoanApplication'>;

export type ApproveSoftCheck = PipelineCommandOf<
  'ApproveSoftCheck',
  {
    score: number;
    /** Defaults to the requested amount; may be lowered, never raised. */
    approvedAmount?: number;
  }
>;

/** The Bank section read and, for a penny drop, the bank's answer: gathered by the application layer. */
export type ApproveBankVerification = PipelineCommandOf<'ApproveBankVerification', { check: BankCheck }>;

/**
 * The terms are not sent: the decider computes them with agreementTermsFor. `coolingOff`: the period and fee rule
 * the KFS printed (from the settings at issue), pinned on the event.
 */
export type IssueAgreement = PipelineCommandOf<'IssueAgreement', { documentHash: string; coolingOff?: PinnedCoolingOff }>;

export type SignAgreement = PipelineCommandOf<'SignAgreement', { documentHash: string; evidence?: SigningEvidence }>;

export type GrantFinalApproval = PipelineCommandOf<'GrantFinalApproval'>;

export type DisburseLoan = PipelineCommandOf<
  'DisburseLoan',
  {
    payoutReference: string;
    /** YYYY-MM-DD */
    disbursedOn: string;
    /** The borrower's Bank section now and the account staff name, if any: payouts go only to the verified account. */
    payoutAccount: PayoutAccountFacts;
  }
>;

export type RejectLoan = PipelineCommandOf<'RejectLoan', { reason: string }>;

export type CancelLoan = PipelineCommandOf<'CancelLoan', { reason: string }>;

export type PipelineCommand =
  | StartLoanApplication
  | AmendLoanApplication
  | SubmitLoanApplication
  | AcceptLoanApplication
  | ApproveSoftCheck
  | ApproveBankVerification
  | IssueAgreement
  | SignAgreement
  | GrantFinalApproval
  | DisburseLoan
  | RejectLoan
  | CancelLoan;

/** Commands that act on an existing loan in the pipeline, each one named action of the HTTP API. */
export type LoanTransitionCommand = Exclude<PipelineCommand, StartLoanApplication>;
export type LoanTransitionCommandType = LoanTransitionCommand['type'];
