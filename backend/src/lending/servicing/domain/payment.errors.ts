import { LoanDomainError } from '../../loan/domain/loan.errors.js';

export class PaymentInWrongStatus extends LoanDomainError {
  readonly code = 'PAYMENT.WRONG_STATUS';
  readonly kind = 'conflict';
  constructor(paymentId: string, status: string, action: string, expected: string) {
    super(`Cannot ${action} payment ${paymentId}: it is ${status}, and only ${expected} payments can be.`, {
      paymentId,
      paymentStatus: status,
      action,
    });
  }
}

export class ReversalNotRequested extends LoanDomainError {
  readonly code = 'PAYMENT.REVERSAL_NOT_REQUESTED';
  readonly kind = 'conflict';
  constructor(paymentId: string) {
    super(`No reversal of payment ${paymentId} is waiting for approval.`, { paymentId });
  }
}

export class ReversalAlreadyRequested extends LoanDomainError {
  readonly code = 'PAYMENT.REVERSAL_ALREADY_REQUESTED';
  readonly kind = 'conflict';
  constructor(paymentId: string) {
    super(`A reversal of payment ${paymentId} is already waiting for approval.`, { paymentId });
  }
}

export class RefundNotFound extends LoanDomainError {
  readonly code = 'PAYMENT.REFUND_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string, refundId: string) {
    super(`Loan ${loanId} has no refund ${refundId}`, { loanId, refundId });
  }
}

/** A payment id nobody knows, or that is not the caller's to see: the same answer, so ids cannot be probed. */
export class UnknownPayment extends LoanDomainError {
  readonly code = 'PAYMENT.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(paymentId: string) {
    super(`Payment ${paymentId} does not exist`, { paymentId });
  }
}

export class OnlinePaymentsOff extends LoanDomainError {
  readonly code = 'PAYMENT.ONLINE_PAYMENTS_OFF';
  readonly kind = 'unavailable';
  constructor() {
    super('Online payments are not available: no payment provider webhook secret is configured (PAYMENT_WEBHOOK_SECRET). Pay at a branch.');
  }
}

/** A webhook without a valid signature: nothing is read from it and nothing changes. */
export class InvalidWebhookSignature extends LoanDomainError {
  readonly code = 'PAYMENT.INVALID_SIGNATURE';
  readonly kind = 'unauthenticated';
  constructor() {
    super('The webhook signature is missing or wrong (X-Signature: sha256=<hex HMAC-SHA256 of the raw body>).');
  }
}

export class MalformedWebhook extends LoanDomainError {
  readonly code = 'PAYMENT.MALFORMED_WEBHOOK';
  readonly kind = 'invalid';
  constructor() {
    super('The webhook body is not {paymentId, status: "captured"|"failed", amount, providerReference}.');
  }
}
