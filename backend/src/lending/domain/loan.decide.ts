import { bankVerificationRecord } from './bank-verification.js';
import { addMonths, dayOfMonth } from './calendar.js';
import { agreementTermsFor } from './agreement-terms.js';
import { decideCloseOfBusiness } from './collections/close-of-business.decide.js';
import { decideCollectionWork, isCollectionWorkCommand } from './collections/collection-work.js';
import { decideReminderOutcome } from './collections/reminder-outcomes.js';
import { assertNever } from './assert-never.js';
import { emiSchedule } from './emi-schedule.js';
import { allowedActions, commandAction } from './loan-actions.js';
import type { LoanAction } from './loan-actions.js';
import { FieldProblems, isIntegerBetween } from './loan-input.validation.js';
import type {
  AmendLoanApplication,
  ApproveSoftCheck,
  DisburseLoan,
  LoanCommand,
  LoanTransitionCommand,
  StartLoanApplication,
} from './loan.commands.js';
import {
  AgreementMismatch,
  IllegalTransition,
  LoanAlreadyExists,
  LoanNotFound,
  ProfileIncomplete,
} from './loan.errors.js';
import type { LoanEvent } from './loan.events.js';
import { servicingChoicesOf, type LoanRecord, type LoanState } from './loan.state.js';
import { isMoneyCommand } from './payment.commands.js';
import { decideMoney } from './payment.decide.js';
import { isSettlementCommand } from './settlement/settlement.commands.js';
import { decideSettlement } from './settlement/settlement.decide.js';
import { servicingTermsFor } from './servicing/servicing-terms.js';
import { LOAN_TYPES } from './loan.types.js';
import type { LoanMessageBase, LoanStatus, LoanType, ScheduleLine } from './loan.types.js';
import { formatMinorUnits } from './money.js';
import { MAX_PAY_DAY, pinnedTerms } from './loan-product.js';
import { feeFor } from './product-parameters.js';
import type { ProductParameters } from './product-parameters.js';
import { salaryAdvanceRepayment } from './salary-advance.js';

const MIN_SCORE = 300;
const MAX_SCORE = 900;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Decides what a command means for a loan: the events to append, [] when its outcome
 * already holds, or a LoanDomainError. Pure: time, actor and outside facts (missing
 * profile fields) arrive on the command; limits, rate and fees in params, the version of
 * the product the loan is applied under (for a start, the one chosen; after that, the one
 * it pinned).
 */
export function decide(
  command: LoanCommand,
  state: LoanState,
  params: ProductParameters,
): LoanEvent[] {
  validateEnvelope(command.data);
  if (command.type === 'StartLoanApplication') return startApplication(command, state, params);
  if (state.status === 'none') throw new LoanNotFound(command.data.loanId);
  if (params.type !== state.loanType) {
    throw new Error(`Loan ${state.id} is ${state.loanType}, but was given the parameters of a ${params.type} product`);
  }
  if (isMoneyCommand(command)) return decideMoney(command, state);
  if (isSettlementCommand(command)) return decideSettlement(command, state);
  if (command.type === 'CloseBusinessDay') return decideCloseOfBusiness(state, params, command);
  if (isCollectionWorkCommand(command)) return decideCollectionWork(command, state);
  if (command.type === 'RecordCollectionReminder') return decideReminderOutcome(command, state);
  if (outcomeAlreadyHolds(command, state)) return [];
  requireAllowed(state.status, commandAction(command.type));

  const base = eventBase(command.data);
  switch (command.type) {
    case 'AmendLoanApplication':
      return amendApplication(command, state, params);
    case 'SubmitLoanApplication':
      if (command.data.missingProfileFields.length > 0) {
        throw new ProfileIncomplete([...command.data.missingProfileFields]);
      }
      return [{ type: 'LoanApplicationSubmitted', data: base }];
    case 'AcceptLoanApplication':
      return [{ type: 'LoanApplicationAccepted', data: base }];
    case 'ApproveSoftCheck':
      return approveSoftCheck(command, state, params);
    case 'ApproveBankVerification':
      return [{ type: 'BankVerificationApproved', data: { ...base, ...bankVerificationRecord(command.data.check, command.data.reason) } }];
    case 'IssueAgreement': {
      const { documentHash } = command.data;
      requireText('documentHash', documentHash);
      const terms = agreementTermsFor(state, params);
      return [{ type: 'AgreementIssued', data: { ...base, documentHash, terms } }];
    }
    case 'SignAgreement': {
      const { documentHash } = command.data;
      requireText('documentHash', documentHash);
      if (documentHash !== state.agreement?.documentHash) {
        throw new AgreementMismatch(state.agreement?.documentHash, documentHash);
      }
      const { evidence } = command.data;
      return [{ type: 'AgreementSigned', data: { ...base, documentHash, ...(evidence ? { evidence } : {}) } }];
    }
    case 'GrantFinalApproval':
      return [{ type: 'FinalApprovalGranted', data: base }];
    case 'DisburseLoan':
      return disburse(command, state, params);
    case 'RejectLoan':
      requireText('reason', command.data.reason);
      return [
        {
          type: 'LoanRejected',
          data: { ...base, reason: command.data.reason, fromState: state.status },
        },
      ];
    case 'CancelLoan':
      requireText('reason', command.data.reason);
      return [
        {
          type: 'LoanApplicationCancelled',
          data: { ...base, reason: command.data.reason, fromState: state.status },
        },
      ];
    default:
      return assertNever(command, 'loan command');
  }
}

function startApplication(
  command: StartLoanApplication,
  state: LoanState,
  params: ProductParameters,
): LoanEvent[] {
  const { data } = command;
  if (state.status !== 'none') throw new LoanAlreadyExists(data.loanId);
  const problems = new FieldProblems();
  problems.requireText('borrowerId', data.borrowerId);
  if (!LOAN_TYPES.includes(data.loanType)) {
    problems.add('loanType', `loanType must be one of ${LOAN_TYPES.join(', ')}`);
    problems.throwIfAny();
  }
  const { loanType, amount } = data;
  if (params.type !== loanType) {
    problems.add('productId', `productId names a ${params.type} product, not ${loanType}`);
    problems.throwIfAny();
  }
  checkAmount(problems, 'amount', amount, params);
  const tenureMonths = checkTenure(problems, loanType, data.tenureMonths, params);
  let payDayOfMonth: number | undefined;
  if (loanType === 'salaryAdvance') {
    payDayOfMonth = data.payDayOfMonth ?? params.defaultPayDayOfMonth ?? 1;
    problems.requireInteger('payDayOfMonth', payDayOfMonth, 1, MAX_PAY_DAY);
  } else if (data.payDayOfMonth !== undefined) {
    problems.add('payDayOfMonth', 'payDayOfMonth applies to salary advances only');
  }
  problems.throwIfAny();

  return [
    {
      type: 'LoanApplicationStarted',
      data: {
        ...eventBase(data),
        borrowerId: data.borrowerId,
        loanType,
        amount,
        tenureMonths,
        // A salary advance charges its flat fee instead of interest.
        annualRatePercent: loanType === 'EMI' ? params.annualRatePercent : 0,
        fee: feeFor(amount, params),
        ...(payDayOfMonth !== undefined && { payDayOfMonth }),
        productId: params.productId,
        productVersion: params.productVersion,
        productTerms: pinnedTerms(params),
      },
    },
  ];
}

function amendApplication(
  command: AmendLoanApplication,
  loan: LoanRecord,
  params: ProductParameters,
): LoanEvent[] {
  const amount = command.data.amount ?? loan.amount;
  const problems = new FieldProblems();
  checkAmount(problems, 'amount', amount, params);
  const tenureMonths = checkTenure(
    problems,
    loan.loanType,
    command.data.tenureMonths ?? loan.tenureMonths,
    params,
  );
  problems.throwIfAny();
  if (amount === loan.amount && tenureMonths === loan.tenureMonths) return [];
  return [
    {
      type: 'LoanApplicationAmended',
      data: {
        ...eventBase(command.data),
        amount,
        tenureMonths,
        fee: feeFor(amount, params),
      },
    },
  ];
}

function approveSoftCheck(
  command: ApproveSoftCheck,
  loan: LoanRecord,
  params: ProductParameters,
): LoanEvent[] {
  const { score } = command.data;
  const approvedAmount = command.data.approvedAmount ?? loan.amount;
  const problems = new FieldProblems();
  problems.requireInteger('score', score, MIN_SCORE, MAX_SCORE);
  if (checkAmount(problems, 'approvedAmount', approvedAmount, params)) {
    if (approvedAmount > loan.amount) {
      const requested = `${formatMinorUnits(loan.amount)} ${params.currency}`;
      problems.add(
        'approvedAmount',
        `approvedAmount must not exceed the requested amount of ${requested}`,
      );
    }
  }
  problems.throwIfAny();
  return [
    {
      type: 'SoftCheckApproved',
      data: {
        ...eventBase(command.data),
        score,
        approvedAmount,
        fee: feeFor(approvedAmount, params),
      },
    },
  ];
}

function disburse(command: DisburseLoan, loan: LoanRecord, params: ProductParameters): LoanEvent[] {
  const { payoutReference, disbursedOn } = command.data;
  const problems = new FieldProblems();
  problems.requireText('payoutReference', payoutReference);
  problems.requireDate('disbursedOn', disbursedOn);
  problems.throwIfAny();
  const schedule = repaymentSchedule(loan, disbursedOn, params);
  return [
    {
      type: 'LoanDisbursed',
      data: {
        ...eventBase(command.data),
        payoutReference,
        disbursedOn,
        schedule,
        servicingTerms: servicingTermsFor({ ...loan, disbursedOn, schedule }, servicingChoicesOf(loan)),
      },
    },
  ];
}

// The schedule is fixed at payout, from the same principal, rate, tenure and fee as the
// agreement the borrower signed.
function repaymentSchedule(
  loan: LoanRecord,
  disbursedOn: string,
  params: ProductParameters,
): ScheduleLine[] {
  const principal = loan.approvedAmount ?? loan.amount;
  if (loan.loanType === 'EMI') {
    return emiSchedule({
      principal,
      annualRatePercent: loan.annualRatePercent,
      months: loan.tenureMonths,
      firstDueDate: addMonths(disbursedOn, 1),
      anchorDay: dayOfMonth(disbursedOn),
    }).schedule;
  }
  return salaryAdvanceRepayment({
    principal,
    fee: loan.fee,
    disbursedOn,
    payDayOfMonth: loan.payDayOfMonth ?? params.defaultPayDayOfMonth ?? 1,
    minDaysToRepayment: params.minDaysToRepayment ?? 0,
  });
}

function outcomeAlreadyHolds(command: LoanTransitionCommand, loan: LoanRecord): boolean {
  return (
    (command.type === 'RejectLoan' && loan.status === 'rejected') ||
    (command.type === 'CancelLoan' && loan.status === 'cancelled')
  );
}

function requireAllowed(status: LoanStatus, action: LoanAction): void {
  const allowed = allowedActions(status);
  if (!allowed.includes(action)) throw new IllegalTransition(status, action, allowed);
}

/** Adds a problem and answers false when the amount is outside the product's bounds. */
function checkAmount(
  problems: FieldProblems,
  name: string,
  amount: unknown,
  params: ProductParameters,
): boolean {
  const { minAmount, maxAmount } = params;
  if (isIntegerBetween(amount, minAmount, maxAmount)) return true;
  const [min, max] = [formatMinorUnits(minAmount), formatMinorUnits(maxAmount)];
  problems.add(name, `${name} must be between ${min} and ${max} ${params.currency}`);
  return false;
}

/** The tenure to record: validated for EMI, always one month for a salary advance. */
function checkTenure(
  problems: FieldProblems,
  loanType: LoanType,
  tenureMonths: number | undefined,
  params: ProductParameters,
): number {
  if (loanType === 'salaryAdvance') {
    if (tenureMonths !== undefined && tenureMonths !== 1) {
      problems.add('tenureMonths', 'tenureMonths must be 1 for a salary advance');
    }
    return 1;
  }
  const { minTenureMonths, maxTenureMonths } = params;
  if (tenureMonths === undefined) {
    // The 0 is never recorded: the problem added here stops the command.
    problems.add('tenureMonths', 'tenureMonths is required for an EMI loan');
    return 0;
  }
  problems.requireInteger('tenureMonths', tenureMonths, minTenureMonths, maxTenureMonths);
  return tenureMonths;
}

function validateEnvelope({ loanId, at, actor }: LoanMessageBase): void {
  const problems = new FieldProblems();
  problems.requireText('loanId', loanId);
  if (!(typeof at === 'string' && ISO_TIMESTAMP.test(at) && !Number.isNaN(Date.parse(at)))) {
    problems.add('at', 'at must be an ISO 8601 timestamp with a time zone');
  }
  if (!(actor && typeof actor.id === 'string' && actor.id.trim() !== '')) {
    problems.add('actor', 'actor must name who acts');
  } else if (actor.role !== 'borrower' && actor.role !== 'staff') {
    problems.add('actor', 'actor.role must be borrower or staff');
  }
  problems.throwIfAny();
}

function eventBase({ loanId, at, actor, reason }: LoanMessageBase): LoanMessageBase {
  return { loanId, at, actor, ...(reason !== undefined && { reason }) };
}

function requireText(name: string, value: unknown): void {
  const problems = new FieldProblems();
  problems.requireText(name, value);
  problems.throwIfAny();
}
