import { assertNever } from '../../loan/domain/assert-never.js';
import type { LoanStatus } from '../../loan/domain/loan.types.js';
import type { MoneyEvent, PaymentMethod } from './payment.events.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';

/**
 * A payment's lifecycle. Offline: pending -> applied | rejected. Online: created -> applied | failed | mismatched
 * (a captured amount other than the order's, flagged for staff and never applied). An applied payment may be
 * reversed (-> reversed) after a second person approves the request.
 */
export type PaymentStatus = 'created' | 'pending' | 'applied' | 'rejected' | 'failed' | 'mismatched' | 'reversed';

export type PaymentRecord = {
  channel: 'online' | 'offline';
  method: PaymentMethod;
  amount: number;
  /** Offline: the value date recorded; online: set at capture. */
  paidOn?: string;
  status: PaymentStatus;
  /** Who recorded an offline payment (the maker); the borrower for an online one. */
  recordedBy: string;
  /** The payer chose "pay extra to reduce principal": carried onto RepaymentApplied. */
  reducePrincipal?: true;
  /** An open reversal request: who asked (the maker). */
  reversalRequestedBy?: string;
};

export type RefundRecord = { amount: number; status: 'requested' | 'refunded'; requestedBy: string };

/** The part of a loan's state that money events change (LoanRecord has it). */
export type MoneyState = {
  id: string;
  status: LoanStatus;
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
  payments?: Record<string, PaymentRecord>;
  refunds?: Record<string, RefundRecord>;
  closedOn?: string;
};

const chosen = (reducePrincipal: true | undefined) => (reducePrincipal === true ? { reducePrincipal } : {});

/** How money events change the loan's state; `servicing.events` is what the servicing fold reads. */
export function evolveMoney<Loan extends MoneyState>(loan: Loan, event: MoneyEvent): Loan {
  const { data } = event;
  const payments = loan.payments ?? {};
  const payment = (id: string, change: Partial<PaymentRecord>): Loan => ({
    ...loan,
    payments: { ...payments, [id]: { ...payments[id]!, ...change } },
  });
  switch (event.type) {
    case 'PaymentRecorded':
      return {
        ...loan,
        payments: {
          ...payments,
          [event.data.paymentId]: {
            channel: 'offline',
            method: event.data.method,
            amount: event.data.amount,
            paidOn: event.data.paidOn,
            status: 'pending',
            recordedBy: data.actor.id,
            ...chosen(event.data.reducePrincipal),
          },
        },
      };
    case 'OnlinePaymentCreated':
      return {
        ...loan,
        payments: {
          ...payments,
          [event.data.paymentId]: {
            channel: 'online',
            method: event.data.method ?? 'online',
            amount: event.data.amount,
            status: 'created',
            recordedBy: data.actor.id,
            ...chosen(event.data.reducePrincipal),
          },
        },
      };
    case 'PaymentRejected':
      return payment(event.data.paymentId, { status: 'rejected' });
    case 'OnlinePaymentFailed':
      return payment(event.data.paymentId, { status: 'failed' });
    case 'PaymentAmountMismatched':
      return payment(event.data.paymentId, { status: 'mismatched' });
    case 'RepaymentApplied':
      return withServicingEvent(payment(event.data.paymentId, { status: 'applied', paidOn: event.data.valueDate }), {
        type: 'RepaymentApplied',
        paymentId: event.data.paymentId,
        valueDate: event.data.valueDate,
        amount: event.data.amount,
        ...chosen(event.data.reducePrincipal),
      });
    case 'PaymentReversalRequested':
      return payment(event.data.paymentId, { reversalRequestedBy: data.actor.id });
    case 'PaymentReversalRejected':
      return payment(event.data.paymentId, { reversalRequestedBy: undefined });
    case 'RepaymentReversed':
      return withServicingEvent(payment(event.data.paymentId, { status: 'reversed', reversalRequestedBy: undefined }), {
        type: 'RepaymentReversed',
        paymentId: event.data.paymentId,
        valueDate: event.data.valueDate,
      });
    case 'CreditBalanceRefundRequested':
      return {
        ...loan,
        refunds: { ...loan.refunds, [event.data.refundId]: { amount: event.data.amount, status: 'requested', requestedBy: data.actor.id } },
      };
    case 'CreditBalanceRefunded': {
      const refunds = loan.refunds ?? {};
      const requested = refunds[event.data.refundId];
      const refund: RefundRecord = { amount: event.data.amount, status: 'refunded', requestedBy: requested?.requestedBy ?? data.actor.id };
      return withServicingEvent(
        { ...loan, refunds: { ...refunds, [event.data.refundId]: refund } },
        { type: 'CreditBalanceRefunded', refundId: event.data.refundId, valueDate: event.data.valueDate, amount: event.data.amount },
      );
    }
    case 'LoanClosed':
      return { ...loan, status: 'closed', closedOn: event.data.closedOn };
    case 'LoanReopened':
      return { ...loan, status: 'active', closedOn: undefined };
    default:
      return assertNever(event, 'money event');
  }
}

function withServicingEvent<Loan extends MoneyState>(loan: Loan, event: ServicingEvent): Loan {
  if (!loan.servicing) throw new Error(`Loan ${loan.id} has a money event before its disbursal`);
  return { ...loan, servicing: { ...loan.servicing, events: [...loan.servicing.events, event] } };
}
