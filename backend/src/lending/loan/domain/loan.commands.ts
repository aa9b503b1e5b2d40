import type { BankCheck } from '../../pipeline/domain/bank-verification.js';
import type { CloseBusinessDay } from '../../collections/domain/close-of-business.decide.js';
import type { CollectionWorkCommand } from '../../collections/domain/collection-work.js';
import type { RecordCollectionReminder } from '../../collections/domain/reminder-outcomes.js';
import type { LoanMessageBase, LoanType, SigningEvidence } from './loan.types.js';
import type { MoneyCommand } from '../../servicing/domain/payment.commands.js';
import type { SettlementCommand } from '../../settlement/domain/settlement.commands.js';

type LoanCommandOf<Type extends string, Data = unknown> = {
  type: Type;
  data: LoanMessageBase & Data;
};

export type StartLoanApplication = LoanCommandOf<
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

export type AmendLoanApplication = LoanCommandOf<
  'AmendLoanApplication',
  { amount?: number; tenureMonths?: number }
>;

export type SubmitLoanApplication = LoanCommandOf<
  'SubmitLoanApplication',
  {
    /** Computed outside the domain from the customer's profile; non-empty is refused. */
    missingProfileFields: string[];
  }
>;

export type AcceptLoanApplication = LoanCommandOf<'AcceptLoanApplication'>;

export type ApproveSoftCheck = LoanCommandOf<
  'ApproveSoftCheck',
  {
    score: number;
    /** Defaults to the requested amount; may be lowered, never raised. */
    approvedAmount?: number;
  }
>;

/** The Bank section read and, for a penny drop, the bank's answer: gathered by the application layer. */
export type ApproveBankVerification = LoanCommandOf<'ApproveBankVerification', { check: BankCheck }>;

/** The terms are not sent: the decider computes them with agreementTermsFor. */
export type IssueAgreement = LoanCommandOf<'IssueAgreement', { documentHash: string }>;

export type SignAgreement = LoanCommandOf<'SignAgreement', { documentHash: string; evidence?: SigningEvidence }>;

export type GrantFinalApproval = LoanCommandOf<'GrantFinalApproval'>;

export type DisburseLoan = LoanCommandOf<
  'DisburseLoan',
  {
    payoutReference: string;
    /** YYYY-MM-DD */
    disbursedOn: string;
  }
>;

export type RejectLoan = LoanCommandOf<'RejectLoan', { reason: string }>;

export type CancelLoan = LoanCommandOf<'CancelLoan', { reason: string }>;

export type LoanCommand =
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
  | CancelLoan
  | MoneyCommand
  | CloseBusinessDay
  | CollectionWorkCommand
  | RecordCollectionReminder
  | SettlementCommand;

export type LoanCommandType = LoanCommand['type'];

/** Commands that act on an existing loan, each one named action of the HTTP API. */
export type LoanTransitionCommand = Exclude<LoanCommand, StartLoanApplication | MoneyCommand | CloseBusinessDay | CollectionWorkCommand | RecordCollectionReminder | SettlementCommand>;
export type LoanTransitionCommandType = LoanTransitionCommand['type'];
