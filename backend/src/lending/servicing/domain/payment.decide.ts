import { assertNever } from '../../loan/domain/assert-never.js';
import { FieldProblems, isIntegerBetween } from '../../loan/domain/loan-input.validation.js';
import { IllegalTransition, InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { evolve, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import type { MoneyCommand } from './payment.commands.js';
import { PaymentInWrongStatus, RefundNotFound, ReversalAlreadyRequested, ReversalNotRequested } from './payment.errors.js';
import { SamePerson } from '../../loan/domain/loan.errors.js';
import { OFFLINE_PAYMENT_METHODS, type MandatePaymentMethod, type MoneyEvent } from './payment.events.js';
import type { PaymentRecord } from './payment.state.js';
import { foldServicing } from '../../loan/domain/schedule/loan-servicing.js';
import { PaymentNotFound } from '../../loan/domain/schedule/servicing.errors.js';
import { checkRefund, checkRepayment, checkReversal, type ServicingContext } from '../../loan/domain/schedule/servicing.validation.js';

/** Action names as the HTTP API spells them, for refusals. */
const ACTION: Record<MoneyCommand['type'], string> = {
  RecordPayment: 'record-payment',
  VerifyPayment: 'verify-payment',
  RejectPayment: 'reject-payment',
  CreateOnlinePayment: 'pay-online',
  ConfirmOnlinePayment: 'confirm-online-payment',
  RequestPaymentReversal: 'reverse-payment',
  ApprovePaymentReversal: 'approve-reversal',
  RejectPaymentReversal: 'reject-reversal',
  RequestCreditBalanceRefund: 'refund-credit-balance',
  ApproveCreditBalanceRefund: 'approve-refund',
};

const MAX_REFERENCE = 200;
const MAX_REASON = 1000;

/**
 * What a money command means for a disbursed loan: the events to append ([] when its outcome already holds, e.g. a
 * webhook delivered twice) or a LoanDomainError. Every money movement ends with the loan's closure checked by the
 * servicing fold: LoanClosed when nothing is owed any more, LoanReopened when a reversal made money owed again.
 */
/**
 * What other parts of the loan add to a payment's outcome, handed in by the aggregate (loan.decide) so that servicing
 * does not know them: a settlement a payment completes or lets lapse, and how a payment on a written-off loan (a
 * recovery) is checked.
 */
export type PaymentRules = {
  afterPayment(after: LoanRecord, base: LoanMessageBase, businessDate: string): LoanEvent[];
  checkRecovery(loan: LoanRecord, input: { paymentId: string; amount: number; valueDate: string }, businessDate: string): void;
};

export function decideMoney(command: MoneyCommand, loan: LoanRecord, rules: PaymentRules): LoanEvent[] {
  const base = baseOf(command.data);
  const action = ACTION[command.type];
  switch (command.type) {
    case 'RecordPayment': {
      const { paymentId, amount, paidOn, method, reference, businessDate, reducePrincipal } = command.data;
      requireActive(loan, action, true);
      const problems = new FieldProblems();
      requireAmount(problems, amount);
      if (!(OFFLINE_PAYMENT_METHODS as readonly string[]).includes(method))
        problems.add('method', `method must be one of ${OFFLINE_PAYMENT_METHODS.join(', ')}`);
      if (typeof reference !== 'string' || reference.length > MAX_REFERENCE)
        problems.add('reference', `reference must be text of at most ${MAX_REFERENCE} characters`);
      else if (method !== 'cash' && reference.trim() === '')
        problems.add('reference', 'reference is required for a bank transfer, UPI or cheque (the UTR, UPI or cheque number)');
      problems.throwIfAny();
      if (loan.payments?.[paymentId])
        throw new InvalidLoanInput([{ name: 'paymentId', message: `paymentId ${paymentId} was already used` }]);
      withFieldNames({ valueDate: 'paidOn' }, () => checkPayment(rules, loan, businessDate, { paymentId, amount, valueDate: paidOn }));
      return [
        {
          type: 'PaymentRecorded',
          data: { ...base, paymentId, amount, paidOn, method, reference: reference.trim(), ...choice(reducePrincipal) },
        },
      ];
    }
    case 'VerifyPayment': {
      const payment = paymentOf(loan, command.data.paymentId, 'offline');
      if (payment.status === 'applied') return [];
      requireStatus(command.data.paymentId, payment, 'pending', 'verify');
      if (payment.recordedBy === base.actor.id) throw new SamePerson('verify', payment.recordedBy);
      const repayment = { paymentId: command.data.paymentId, amount: payment.amount, valueDate: payment.paidOn! };
      withFieldNames({ valueDate: 'paidOn' }, () => checkPayment(rules, loan, command.data.businessDate, repayment));
      return withClosure(
        rules,
        loan,
        [{ type: 'RepaymentApplied', data: { ...base, ...repayment, method: payment.method, ...choice(payment.reducePrincipal) } }],
        base,
        undefined,
        command.data.businessDate,
      );
    }
    case 'RejectPayment': {
      const payment = paymentOf(loan, command.data.paymentId, 'offline');
      if (payment.status === 'rejected') return [];
      requireStatus(command.data.paymentId, payment, 'pending', 'reject');
      requireReason(command.data.reason);
      return [{ type: 'PaymentRejected', data: { ...base, paymentId: command.data.paymentId, reason: command.data.reason.trim() } }];
    }
    case 'CreateOnlinePayment': {
      const { paymentId, amount, provider, providerOrderId, reducePrincipal } = command.data;
      requireActive(loan, action, true);
      const problems = new FieldProblems();
      requireAmount(problems, amount);
      problems.requireText('provider', provider);
      problems.requireText('providerOrderId', providerOrderId);
      if (loan.payments?.[paymentId]) problems.add('paymentId', `paymentId ${paymentId} was already used`);
      problems.throwIfAny();
      return [
        { type: 'OnlinePaymentCreated', data: { ...base, paymentId, amount, provider, providerOrderId, ...choice(reducePrincipal) } },
      ];
    }
    case 'ConfirmOnlinePayment':
      return confirmOnline(rules, command.data, loan, base);
    case 'RequestPaymentReversal': {
      const { paymentId, reason } = command.data;
      requireDisbursed(loan, action);
      const payment = paymentOf(loan, paymentId);
      requireStatus(paymentId, payment, 'applied', 'reverse');
      if (payment.reversalRequestedBy !== undefined) throw new ReversalAlreadyRequested(paymentId);
      requireReason(reason);
      return [{ type: 'PaymentReversalRequested', data: { ...base, paymentId, reason: reason.trim() } }];
    }
    case 'ApprovePaymentReversal': {
      const { paymentId, businessDate } = command.data;
      const payment = paymentOf(loan, paymentId);
      if (payment.status === 'reversed') return [];
      requireStatus(paymentId, payment, 'applied', 'reverse');
      if (payment.reversalRequestedBy === undefined) throw new ReversalNotRequested(paymentId);
      if (payment.reversalRequestedBy === base.actor.id) throw new SamePerson('approve the reversal of', payment.reversalRequestedBy);
      checkReversal(contextOf(loan, businessDate), { paymentId, valueDate: businessDate });
      return withClosure(
        rules,
        loan,
        [{ type: 'RepaymentReversed', data: { ...base, paymentId, valueDate: businessDate } }],
        base,
        paymentId,
      );
    }
    case 'RejectPaymentReversal': {
      const { paymentId, reason } = command.data;
      const payment = paymentOf(loan, paymentId);
      if (payment.reversalRequestedBy === undefined) throw new ReversalNotRequested(paymentId);
      requireReason(reason);
      return [{ type: 'PaymentReversalRejected', data: { ...base, paymentId, reason: reason.trim() } }];
    }
    case 'RequestCreditBalanceRefund': {
      const { refundId, amount, businessDate } = command.data;
      requireDisbursed(loan, action);
      if (loan.refunds?.[refundId]) throw new InvalidLoanInput([{ name: 'refundId', message: `refundId ${refundId} was already used` }]);
      const waiting = Object.values(loan.refunds ?? {})
        .filter((r) => r.status === 'requested')
        .reduce((sum, r) => sum + r.amount, 0);
      // Money already asked for by another request waiting for approval is not there to refund twice.
      checkRefund(contextOf(loan, businessDate), { refundId, amount: amount + waiting, valueDate: businessDate });
      return [{ type: 'CreditBalanceRefundRequested', data: { ...base, refundId, amount } }];
    }
    case 'ApproveCreditBalanceRefund': {
      const { refundId, businessDate } = command.data;
      const refund = loan.refunds?.[refundId];
      if (refund === undefined) throw new RefundNotFound(loan.id, refundId);
      if (refund.status === 'refunded') return [];
      if (refund.requestedBy === base.actor.id) throw new SamePerson('approve', refund.requestedBy);
      checkRefund(contextOf(loan, businessDate), { refundId, amount: refund.amount, valueDate: businessDate });
      return withClosure(
        rules,
        loan,
        [{ type: 'CreditBalanceRefunded', data: { ...base, refundId, amount: refund.amount, valueDate: businessDate } }],
        base,
      );
    }
    default:
      return assertNever(command, 'money command');
  }
}

/** The payer's "reduce principal" choice as events carry it: present only when chosen, so earlier events read the same. */
const choice = (reducePrincipal: boolean | undefined) => (reducePrincipal === true ? { reducePrincipal: true as const } : {});

/**
 * The provider's word on an online payment. A repeat (or a late word on a payment already settled) changes nothing.
 * A capture of the order's amount is applied on the business date, even to a loan closed meanwhile (the money was
 * received: it becomes credit balance, refunded by staff); any other amount is flagged, never applied.
 */
function confirmOnline(
  rules: PaymentRules,
  data: Extract<MoneyCommand, { type: 'ConfirmOnlinePayment' }>['data'],
  loan: LoanRecord,
  base: LoanMessageBase,
): LoanEvent[] {
  const { paymentId, outcome, amount, providerReference, businessDate } = data;
  const payment = paymentOf(loan, paymentId, 'online');
  const settled = payment.status === 'applied' || payment.status === 'mismatched' || payment.status === 'reversed';
  if (settled || (outcome === 'failed' && payment.status === 'failed')) return [];
  if (outcome === 'failed') return [{ type: 'OnlinePaymentFailed', data: { ...base, paymentId, providerReference } }];
  if (!isIntegerBetween(amount, 0, Number.MAX_SAFE_INTEGER) || amount !== payment.amount) {
    return [
      {
        type: 'PaymentAmountMismatched',
        data: { ...base, paymentId, expectedAmount: payment.amount, capturedAmount: Number(amount), providerReference },
      },
    ];
  }
  const valueDate = businessDate < loan.servicing!.terms.disbursedOn ? loan.servicing!.terms.disbursedOn : businessDate;
  return withClosure(
    rules,
    loan,
    [
      {
        type: 'RepaymentApplied',
        data: { ...base, paymentId, amount, valueDate, method: 'online', providerReference, ...choice(payment.reducePrincipal) },
      },
    ],
    base,
    undefined,
    businessDate,
  );
}

/**
 * A debit collected under a mandate (the aggregate hands this to the mandates slice): recorded as an online payment
 * of its method (nach, upi-autopay) and applied at once on the business date by the normal allocation, with the
 * loan's closure (or settlement) checked as for any payment. A payment id already used appends nothing.
 */
export function collectDebit(
  rules: PaymentRules,
  loan: LoanRecord,
  base: LoanMessageBase,
  debit: { paymentId: string; amount: number; method: MandatePaymentMethod; providerReference: string; businessDate: string },
): LoanEvent[] {
  const { paymentId, amount, method, providerReference, businessDate } = debit;
  if (loan.payments?.[paymentId] || !loan.servicing) return [];
  const valueDate = businessDate < loan.servicing.terms.disbursedOn ? loan.servicing.terms.disbursedOn : businessDate;
  return withClosure(
    rules,
    loan,
    [
      { type: 'OnlinePaymentCreated', data: { ...base, paymentId, amount, provider: method, providerOrderId: paymentId, method } },
      { type: 'RepaymentApplied', data: { ...base, paymentId, amount, valueDate, method, providerReference } },
    ],
    base,
    undefined,
    businessDate,
  );
}

/**
 * Appends LoanClosed or LoanReopened when the money events change whether anything is owed; a payment (given its
 * business date) may instead settle the loan by an approved settlement offer, or let that offer lapse.
 */
function withClosure(
  rules: PaymentRules,
  loan: LoanRecord,
  events: MoneyEvent[],
  base: LoanMessageBase,
  paymentId?: string,
  businessDate?: string,
): LoanEvent[] {
  const after = events.reduce(evolve, loan) as LoanRecord;
  if (businessDate !== undefined) {
    const settlement = rules.afterPayment(after, base, businessDate);
    // A settlement completed, or a cooling-off exit paid: the loan ends there (no LoanClosed of its own).
    if (settlement.some((e) => e.type === 'LoanSettled' || e.type === 'LoanExitedInCoolingOff')) return [...events, ...settlement];
    if (settlement.length > 0) return [...withClosure(rules, loan, events, base, paymentId), ...settlement];
  }
  const { closedOn } = foldServicing(after.servicing!.terms, after.servicing!.events);
  if (after.status === 'active' && closedOn !== null) return [...events, { type: 'LoanClosed', data: { ...base, closedOn } }];
  if (after.status === 'closed' && closedOn === null) {
    return [...events, { type: 'LoanReopened', data: { ...base, paymentId: paymentId ?? '' } }];
  }
  return events;
}

function contextOf(loan: LoanRecord, businessDate: string): ServicingContext {
  const servicing = loan.servicing!;
  return { loanId: loan.id, loanStatus: loan.status, terms: servicing.terms, events: servicing.events, businessDate };
}

/** `recoveries`: a written-off loan takes payments too (recoveries). */
function requireActive(loan: LoanRecord, action: string, recoveries = false): void {
  const open = loan.status === 'active' || (recoveries && loan.status === 'writtenOff');
  if (!open || !loan.servicing) throw new IllegalTransition(loan.status, action, []);
}

/** A payment is checked by the servicing rules, or, on a written-off loan, as a recovery. */
function checkPayment(
  rules: PaymentRules,
  loan: LoanRecord,
  businessDate: string,
  input: { paymentId: string; amount: number; valueDate: string },
): void {
  if (loan.status === 'writtenOff') rules.checkRecovery(loan, input, businessDate);
  else checkRepayment(contextOf(loan, businessDate), input);
}

function requireDisbursed(loan: LoanRecord, action: string): void {
  if ((loan.status !== 'active' && loan.status !== 'closed') || !loan.servicing) throw new IllegalTransition(loan.status, action, []);
}

function paymentOf(loan: LoanRecord, paymentId: string, channel?: PaymentRecord['channel']): PaymentRecord {
  const payment = loan.payments?.[paymentId];
  if (payment === undefined || (channel !== undefined && payment.channel !== channel)) throw new PaymentNotFound(loan.id, paymentId);
  return payment;
}

function requireStatus(paymentId: string, payment: PaymentRecord, status: PaymentRecord['status'], action: string): void {
  if (payment.status !== status) throw new PaymentInWrongStatus(paymentId, payment.status, action, status);
}

function requireAmount(problems: FieldProblems, amount: unknown): void {
  if (!isIntegerBetween(amount, 1, Number.MAX_SAFE_INTEGER))
    problems.add('amount', 'amount must be a whole number of minor units (paise) greater than 0');
}

function requireReason(reason: unknown): void {
  const problems = new FieldProblems();
  problems.requireText('reason', reason);
  if (typeof reason === 'string' && reason.length > MAX_REASON) problems.add('reason', `reason must be at most ${MAX_REASON} characters`);
  problems.throwIfAny();
}

/** The servicing checks name the value date `valueDate`; a command may call it otherwise (paidOn). */
function withFieldNames<T>(names: Record<string, string>, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof InvalidLoanInput)) throw error;
    throw new InvalidLoanInput(
      error.fields.map((f) => ({ name: names[f.name] ?? f.name, message: f.message.replaceAll(f.name, names[f.name] ?? f.name) })),
    );
  }
}

function baseOf({ loanId, at, actor, reason }: LoanMessageBase): LoanMessageBase {
  return { loanId, at, actor, ...(reason !== undefined && { reason }) };
}
