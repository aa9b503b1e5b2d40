import { formatMinorUnits } from '../../../platform/format/format.js';
import { addMonths, dayOfMonth } from '../../loan/domain/calendar.js';
import { emiSchedule } from '../../loan/domain/terms/emi-schedule.js';
import { allowedActions, commandAction, type LoanAction } from '../../loan/domain/loan-actions.js';
import { FieldProblems, isIntegerBetween } from '../../loan/domain/loan-input.validation.js';
import {
  AgreementMismatch,
  IllegalTransition,
  LoanAlreadyExists,
  MandateRequired,
  ProfileIncomplete,
} from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import type { LoanRecord, LoanState } from '../../loan/domain/loan.state.js';
import { LOAN_TYPES, type LoanMessageBase, type LoanStatus, type LoanType, type ScheduleLine } from '../../loan/domain/loan.types.js';
import { servicingTermsFor } from '../../loan/domain/schedule/servicing-terms.js';
import { MAX_PAY_DAY, pinnedTerms, type AccountingRule, type PinnedProductTerms } from '../../loan/domain/terms/loan-product.js';
import { feeFor, type ProductParameters } from '../../loan/domain/terms/product-parameters.js';
import { salaryAdvanceRepayment } from '../../loan/domain/terms/salary-advance.js';
import { assertNever } from '../../loan/domain/assert-never.js';
import { agreementTermsFor } from './agreement-terms.js';
import { bankVerificationRecord } from './bank-verification.js';
import { verifiedPayoutAccount } from './payout-account.js';
import type {
  AmendLoanApplication,
  ApproveSoftCheck,
  DisburseLoan,
  LoanTransitionCommand,
  StartLoanApplication,
} from './pipeline.commands.js';
import { servicingChoicesOf } from './pipeline.state.js';

const MIN_SCORE = 300;
const MAX_SCORE = 900;

/**
 * A move through the pipeline on a started loan: allowed from its status (loan-actions), [] when its outcome already
 * holds (a repeated reject or cancel), otherwise the move's event.
 */
export function decidePipeline(command: LoanTransitionCommand, loan: LoanRecord, params: ProductParameters): LoanEvent[] {
  if (outcomeAlreadyHolds(command, loan)) return [];
  requireAllowed(loan.status, commandAction(command.type));

  // Each branch's event data: this base with its own fields added by Object.assign (eventBase says why).
  const base = eventBase(command.data);
  switch (command.type) {
    case 'AmendLoanApplication':
      return amendApplication(command, loan, params);
    case 'SubmitLoanApplication':
      if (command.data.missingProfileFields.length > 0) {
        throw new ProfileIncomplete([...command.data.missingProfileFields]);
      }
      return [{ type: 'LoanApplicationSubmitted', data: base }];
    case 'AcceptLoanApplication':
      return [{ type: 'LoanApplicationAccepted', data: base }];
    case 'ApproveSoftCheck':
      return approveSoftCheck(command, loan, params);
    case 'ApproveBankVerification':
      return [
        { type: 'BankVerificationApproved', data: Object.assign(base, bankVerificationRecord(command.data.check, command.data.reason)) },
      ];
    case 'IssueAgreement': {
      const { documentHash, coolingOff } = command.data;
      requireText('documentHash', documentHash);
      const terms = agreementTermsFor(loan, params);
      return [{ type: 'AgreementIssued', data: Object.assign(base, { documentHash, terms }, coolingOff ? { coolingOff } : {}) }];
    }
    case 'SignAgreement': {
      const { documentHash } = command.data;
      requireText('documentHash', documentHash);
      if (documentHash !== loan.agreement?.documentHash) {
        throw new AgreementMismatch(loan.agreement?.documentHash, documentHash);
      }
      const { evidence } = command.data;
      return [{ type: 'AgreementSigned', data: Object.assign(base, { documentHash }, evidence ? { evidence } : {}) }];
    }
    case 'GrantFinalApproval':
      // The product may require auto-debit before the money goes out (issue 32): final approval is the step that checks it.
      if (params.mandateRequired && !hasActiveMandate(loan)) throw new MandateRequired(loan.id, 'approve-final');
      return [{ type: 'FinalApprovalGranted', data: base }];
    case 'DisburseLoan':
      return disburse(command, loan, params);
    case 'RejectLoan':
      requireText('reason', command.data.reason);
      return [
        {
          type: 'LoanRejected',
          data: Object.assign(base, { reason: command.data.reason, fromState: loan.status }),
        },
      ];
    case 'CancelLoan':
      requireText('reason', command.data.reason);
      return [
        {
          type: 'LoanApplicationCancelled',
          data: Object.assign(base, { reason: command.data.reason, fromState: loan.status }),
        },
      ];
    default:
      return assertNever(command, 'pipeline command');
  }
}

/** An auto-debit mandate the provider confirmed and nobody paused or cancelled (the mandates slice's own state, read only). */
function hasActiveMandate(loan: LoanRecord): boolean {
  return (loan.mandates?.mandates ?? []).some((mandate) => mandate.status === 'active');
}

/**
 * A loan's start: LoanApplicationStarted under the product version chosen (params), or a refusal naming the fields.
 */
export function decideStart(command: StartLoanApplication, state: LoanState, params: ProductParameters): LoanEvent[] {
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
      data: Object.assign(eventBase(data), {
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
      }),
    },
  ];
}

function amendApplication(command: AmendLoanApplication, loan: LoanRecord, params: ProductParameters): LoanEvent[] {
  const amount = command.data.amount ?? loan.amount;
  const problems = new FieldProblems();
  checkAmount(problems, 'amount', amount, params);
  const tenureMonths = checkTenure(problems, loan.loanType, command.data.tenureMonths ?? loan.tenureMonths, params);
  problems.throwIfAny();
  if (amount === loan.amount && tenureMonths === loan.tenureMonths) return [];
  return [
    {
      type: 'LoanApplicationAmended',
      data: Object.assign(eventBase(command.data), {
        amount,
        tenureMonths,
        fee: feeFor(amount, params),
      }),
    },
  ];
}

function approveSoftCheck(command: ApproveSoftCheck, loan: LoanRecord, params: ProductParameters): LoanEvent[] {
  const { score } = command.data;
  const approvedAmount = command.data.approvedAmount ?? loan.amount;
  const problems = new FieldProblems();
  problems.requireInteger('score', score, MIN_SCORE, MAX_SCORE);
  if (checkAmount(problems, 'approvedAmount', approvedAmount, params)) {
    if (approvedAmount > loan.amount) {
      const requested = `${formatMinorUnits(loan.amount)} ${params.currency}`;
      problems.add('approvedAmount', `approvedAmount must not exceed the requested amount of ${requested}`);
    }
  }
  problems.throwIfAny();
  return [
    {
      type: 'SoftCheckApproved',
      data: Object.assign(eventBase(command.data), {
        score,
        approvedAmount,
        fee: feeFor(approvedAmount, params),
      }),
    },
  ];
}

function disburse(command: DisburseLoan, loan: LoanRecord, params: ProductParameters): LoanEvent[] {
  const { payoutReference, disbursedOn } = command.data;
  const problems = new FieldProblems();
  problems.requireText('payoutReference', payoutReference);
  problems.requireDate('disbursedOn', disbursedOn);
  problems.throwIfAny();
  const payoutAccount = verifiedPayoutAccount(
    { bankAccountLast4: loan.bankAccountLast4, ifsc: loan.bankVerification?.ifsc },
    command.data.payoutAccount,
  );
  const schedule = repaymentSchedule(loan, disbursedOn, params);
  return [
    {
      type: 'LoanDisbursed',
      data: Object.assign(eventBase(command.data), {
        payoutReference,
        disbursedOn,
        schedule,
        servicingTerms: servicingTermsFor({ ...loan, disbursedOn, schedule }, servicingChoicesOf(loan)),
        payoutAccount,
        ...accountingRuleOf(loan),
      }),
    },
  ];
}

/** The books' rule the loan pinned with its product terms; terms pinned before the rule existed carry none (cash). */
function accountingRuleOf(loan: LoanRecord): { accountingRule?: AccountingRule } {
  const rule = (loan.product?.terms as Partial<PinnedProductTerms> | undefined)?.accountingRule;
  return rule === undefined ? {} : { accountingRule: rule };
}

// The schedule is fixed at payout, from the same principal, rate, tenure and fee as the
// agreement the borrower signed.
function repaymentSchedule(loan: LoanRecord, disbursedOn: string, params: ProductParameters): ScheduleLine[] {
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
  return (command.type === 'RejectLoan' && loan.status === 'rejected') || (command.type === 'CancelLoan' && loan.status === 'cancelled');
}

function requireAllowed(status: LoanStatus, action: LoanAction): void {
  const allowed = allowedActions(status);
  if (!allowed.includes(action)) throw new IllegalTransition(status, action, allowed);
}

/** Adds a problem and answers false when the amount is outside the product's bounds. */
function checkAmount(problems: FieldProblems, name: string, amount: unknown, params: ProductParameters): boolean {
  const { minAmount, maxAmount } = params;
  if (isIntegerBetween(amount, minAmount, maxAmount)) return true;
  const [min, max] = [formatMinorUnits(minAmount), formatMinorUnits(maxAmount)];
  problems.add(name, `${name} must be between ${min} and ${max} ${params.currency}`);
  return false;
}

/** The tenure to record: validated for EMI, always one month for a salary advance. */
function checkTenure(problems: FieldProblems, loanType: LoanType, tenureMonths: number | undefined, params: ProductParameters): number {
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

/**
 * A new object each call, which the event's own fields are added to with Object.assign rather than after a spread
 * (docs/architecture.md, "Objects on the hot paths").
 */
function eventBase({ loanId, at, actor, reason }: LoanMessageBase): LoanMessageBase {
  return { loanId, at, actor, ...(reason !== undefined && { reason }) };
}

function requireText(name: string, value: unknown): void {
  const problems = new FieldProblems();
  problems.requireText(name, value);
  problems.throwIfAny();
}
