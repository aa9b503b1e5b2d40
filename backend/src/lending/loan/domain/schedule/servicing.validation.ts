import { isIsoDate } from '../calendar.js';
import { FieldProblems, isIntegerBetween } from '../loan-input.validation.js';
import { IllegalTransition } from '../loan.errors.js';
import { foldServicing } from './loan-servicing.js';
import type { ServicingState } from './loan-servicing.js';
import { PaymentAlreadyReversed, PaymentNotFound } from './servicing.errors.js';
import type { ChargeKind, RepaymentApplied, ServicingEvent, ServicingTerms, WaivableComponent } from './servicing.types.js';
import { owed } from './working-instalment.js';

/** What a servicing command is checked against: the loan as it stands, and today. */
export type ServicingContext = {
  loanId: string;
  /** The pipeline state (LoanRecord.status): money moves only once the loan is `active`. */
  loanStatus: string;
  terms: ServicingTerms;
  events: readonly ServicingEvent[];
  /** Today's business date, YYYY-MM-DD. */
  businessDate: string;
};

export type RepaymentInput = { paymentId: string; amount: number; valueDate: string };
export type ReversalInput = { paymentId: string; valueDate: string };
export type ChargeInput = { chargeId: string; instalmentNumber: number; kind: ChargeKind; amount: number; valueDate: string };
export type WaiverInput = { waiverId: string; instalmentNumber: number; component: WaivableComponent; amount: number; valueDate: string };
export type RefundInput = { refundId: string; amount: number; valueDate: string };

/** Servicing actions, named as the HTTP actions will be. */
export type ServicingAction = 'record-payment' | 'reverse-payment' | 'apply-charge' | 'waive-charge' | 'refund-credit-balance';

const ON_A_CLOSED_LOAN: readonly ServicingAction[] = ['reverse-payment', 'refund-credit-balance'];

/**
 * Checks a payment before it is recorded. Answers 'already-applied' when this payment id was
 * recorded before with the same amount and date (a webhook delivered twice): the command
 * then appends nothing. Throws InvalidLoanInput naming every wrong field, or
 * IllegalTransition when the loan takes no payments (not disbursed, or closed).
 */
export function checkRepayment(context: ServicingContext, input: RepaymentInput): 'apply' | 'already-applied' {
  const earlier = paymentOf(context.events, input.paymentId);
  if (earlier !== undefined && earlier.amount === input.amount && earlier.valueDate === input.valueDate) {
    return 'already-applied';
  }
  requireOpen(context, 'record-payment');
  const problems = new FieldProblems();
  problems.requireText('paymentId', input.paymentId);
  if (earlier !== undefined) {
    problems.add('paymentId', `paymentId ${input.paymentId} was already used for another payment`);
  }
  requireAmount(problems, input.amount);
  requireValueDate(problems, context, input.valueDate);
  problems.throwIfAny();
  return 'apply';
}

/** A reversal needs a payment that exists and stands; a closed loan may be reopened by one. */
export function checkReversal(context: ServicingContext, input: ReversalInput): void {
  requireDisbursed(context, 'reverse-payment');
  const payment = paymentOf(context.events, input.paymentId);
  if (payment === undefined) throw new PaymentNotFound(context.loanId, input.paymentId);
  const reversal = context.events.find((event) => event.type === 'RepaymentReversed' && event.paymentId === input.paymentId);
  if (reversal !== undefined) {
    throw new PaymentAlreadyReversed(context.loanId, input.paymentId, reversal.valueDate);
  }
  const problems = new FieldProblems();
  requireValueDate(problems, context, input.valueDate);
  if (isIsoDate(input.valueDate) && input.valueDate < payment.valueDate) {
    problems.add('valueDate', `valueDate must not be before the payment's value date (${payment.valueDate})`);
  }
  problems.throwIfAny();
}

export function checkCharge(context: ServicingContext, input: ChargeInput): void {
  const state = requireOpen(context, 'apply-charge');
  const problems = new FieldProblems();
  problems.requireText('chargeId', input.chargeId);
  requireInstalment(problems, state, input.instalmentNumber);
  if (input.kind !== 'fee' && input.kind !== 'penalty') problems.add('kind', 'kind must be fee or penalty');
  requireAmount(problems, input.amount);
  requireValueDate(problems, context, input.valueDate);
  problems.throwIfAny();
}

/**
 * A waiver takes off at most what is owed of that component. Interest is waived only on an
 * instalment already due: later interest is not owed yet and is recomputed by prepayments.
 */
export function checkWaiver(context: ServicingContext, input: WaiverInput): void {
  const state = requireOpen(context, 'waive-charge');
  const problems = new FieldProblems();
  problems.requireText('waiverId', input.waiverId);
  const instalment = requireInstalment(problems, state, input.instalmentNumber);
  if (!['interest', 'fees', 'penalties'].includes(input.component)) {
    problems.add('component', 'component must be interest, fees or penalties');
  } else if (requireAmount(problems, input.amount) && instalment !== undefined) {
    const waivable = owed(instalment, input.component);
    if (input.amount > waivable) {
      problems.add('amount', `amount must not exceed the ${input.component} owed on instalment ${instalment.number} (${waivable})`);
    }
    if (input.component === 'interest' && instalment.dueDate > context.businessDate) {
      problems.add('component', `interest of instalment ${instalment.number} is not due yet and cannot be waived`);
    }
  }
  requireValueDate(problems, context, input.valueDate);
  problems.throwIfAny();
}

/** Only money actually held is refunded. */
export function checkRefund(context: ServicingContext, input: RefundInput): void {
  const state = requireDisbursed(context, 'refund-credit-balance');
  const problems = new FieldProblems();
  problems.requireText('refundId', input.refundId);
  if (requireAmount(problems, input.amount) && input.amount > state.creditBalance) {
    problems.add('amount', `amount must not exceed the credit balance (${Math.max(0, state.creditBalance)})`);
  }
  requireValueDate(problems, context, input.valueDate);
  problems.throwIfAny();
}

function paymentOf(events: readonly ServicingEvent[], paymentId: string): RepaymentApplied | undefined {
  return events.find((event): event is RepaymentApplied => event.type === 'RepaymentApplied' && event.paymentId === paymentId);
}

function requireDisbursed(context: ServicingContext, action: ServicingAction): ServicingState {
  if (context.loanStatus !== 'active' && context.loanStatus !== 'closed') {
    throw new IllegalTransition(context.loanStatus, action, []);
  }
  return foldServicing(context.terms, context.events);
}

function requireOpen(context: ServicingContext, action: ServicingAction): ServicingState {
  const state = requireDisbursed(context, action);
  if (context.loanStatus === 'closed' || state.closedOn !== null) {
    throw new IllegalTransition('closed', action, ON_A_CLOSED_LOAN);
  }
  return state;
}

function requireAmount(problems: FieldProblems, amount: unknown): boolean {
  if (isIntegerBetween(amount, 1, Number.MAX_SAFE_INTEGER)) return true;
  problems.add('amount', 'amount must be a whole number of minor units greater than 0');
  return false;
}

function requireValueDate(problems: FieldProblems, context: ServicingContext, valueDate: unknown): void {
  if (!isIsoDate(valueDate)) {
    problems.add('valueDate', 'valueDate must be a date (YYYY-MM-DD)');
  } else if (valueDate > context.businessDate) {
    problems.add('valueDate', `valueDate must not be after the business date (${context.businessDate})`);
  } else if (valueDate < context.terms.disbursedOn) {
    problems.add('valueDate', `valueDate must not be before the disbursal (${context.terms.disbursedOn})`);
  }
}

function requireInstalment(problems: FieldProblems, state: ServicingState, number: unknown) {
  const instalment = state.instalments.find((candidate) => candidate.number === number);
  if (instalment === undefined) {
    const numbers = state.instalments.map((candidate) => candidate.number);
    problems.add('instalmentNumber', `instalmentNumber must be one of the loan's instalments (${numbers[0]}–${numbers.at(-1)})`);
  }
  return instalment;
}
