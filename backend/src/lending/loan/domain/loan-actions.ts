import type { LoanTransitionCommandType } from '../../pipeline/domain/pipeline.commands.js';
import type { LoanStatus } from './loan.types.js';

/** Action names as they appear in the HTTP API: POST /api/.../loans/<id>/<action>. */
export const BORROWER_ACTIONS = ['amend', 'submit', 'sign-agreement', 'cancel'] as const;
export const STAFF_ACTIONS = ['accept', 'approve-soft', 'approve-bank', 'issue-agreement', 'approve-final', 'disburse', 'reject'] as const;

export type BorrowerAction = (typeof BORROWER_ACTIONS)[number];
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export type LoanAction = BorrowerAction | StaffAction;

export const LOAN_ACTIONS: readonly LoanAction[] = [...BORROWER_ACTIONS, ...STAFF_ACTIONS];

// DESIGN §4: one step forward per state, and reject or cancel from every state before
// active. Nothing leads back, and active, rejected and cancelled end the pipeline here.
const ACTIONS_BY_STATUS: Record<LoanStatus, readonly LoanAction[]> = {
  new: ['amend', 'submit', 'cancel', 'reject'],
  applied: ['accept', 'reject', 'cancel'],
  'soft.pending': ['approve-soft', 'reject', 'cancel'],
  'bank.pending': ['approve-bank', 'reject', 'cancel'],
  'consent.pending': ['issue-agreement', 'reject', 'cancel'],
  'consent.customerpending': ['sign-agreement', 'reject', 'cancel'],
  'final.pending': ['approve-final', 'reject', 'cancel'],
  'disbursal.pending': ['disburse', 'reject', 'cancel'],
  active: [],
  closed: [],
  rejected: [],
  cancelled: [],
  settled: [],
  writtenOff: [],
};

const COMMAND_ACTIONS: Record<LoanTransitionCommandType, LoanAction> = {
  AmendLoanApplication: 'amend',
  SubmitLoanApplication: 'submit',
  AcceptLoanApplication: 'accept',
  ApproveSoftCheck: 'approve-soft',
  ApproveBankVerification: 'approve-bank',
  IssueAgreement: 'issue-agreement',
  SignAgreement: 'sign-agreement',
  GrantFinalApproval: 'approve-final',
  DisburseLoan: 'disburse',
  RejectLoan: 'reject',
  CancelLoan: 'cancel',
};

function isBorrowerAction(action: LoanAction): action is BorrowerAction {
  return (BORROWER_ACTIONS as readonly LoanAction[]).includes(action);
}

/** What may be done to a loan in this status, optionally only by one side. */
export function allowedActions(status: LoanStatus | 'none', role?: 'borrower' | 'staff'): LoanAction[] {
  const actions = status === 'none' ? [] : ACTIONS_BY_STATUS[status];
  if (role === undefined) return [...actions];
  return actions.filter((action) => isBorrowerAction(action) === (role === 'borrower'));
}

/** The API action a command performs (starting an application is not an action on a loan). */
export function commandAction(commandType: LoanTransitionCommandType): LoanAction {
  return COMMAND_ACTIONS[commandType];
}
