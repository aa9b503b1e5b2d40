import { LoanDomainError } from '../../loan/domain/loan.errors.js';

export class MandateNotFound extends LoanDomainError {
  readonly code = 'MANDATE.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string, mandateId: string) {
    super(loanId ? `Loan ${loanId} has no mandate ${mandateId}` : `Mandate ${mandateId} does not exist`, { loanId, mandateId });
  }
}

export class PresentationNotFound extends LoanDomainError {
  readonly code = 'MANDATE.PRESENTATION_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string, presentationId: string) {
    super(`Loan ${loanId} has no presentation ${presentationId}`, { loanId, presentationId });
  }
}

/** One mandate at a time: a new registration waits until the open one (pending, active, paused) failed or was cancelled. */
export class MandateOpen extends LoanDomainError {
  readonly code = 'MANDATE.OPEN';
  readonly kind = 'conflict';
  constructor(mandateId: string, status: string) {
    super(`Mandate ${mandateId} is ${status}; cancel it before registering another.`, { mandateId, mandateStatus: status });
  }
}

export class MandateInWrongStatus extends LoanDomainError {
  readonly code = 'MANDATE.WRONG_STATUS';
  readonly kind = 'conflict';
  constructor(mandateId: string, status: string, action: string) {
    super(`Cannot ${action} mandate ${mandateId}: it is ${status}.`, { mandateId, mandateStatus: status, action });
  }
}

/** A webhook without a valid signature: nothing is read from it and nothing changes. */
export class InvalidMandateWebhookSignature extends LoanDomainError {
  readonly code = 'MANDATE.INVALID_SIGNATURE';
  readonly kind = 'unauthenticated';
  constructor() {
    super('The webhook signature is missing or wrong (X-Signature: sha256=<hex HMAC-SHA256 of the raw body>).');
  }
}

export class MalformedMandateWebhook extends LoanDomainError {
  readonly code = 'MANDATE.MALFORMED_WEBHOOK';
  readonly kind = 'invalid';
  constructor() {
    super('The webhook body is neither {about: "mandate", …} nor {about: "presentation", …}.');
  }
}

export class AutoDebitOff extends LoanDomainError {
  readonly code = 'MANDATE.AUTO_DEBIT_OFF';
  readonly kind = 'unavailable';
  constructor() {
    super('Auto-debit is not available: no provider webhook secret is configured (PAYMENT_WEBHOOK_SECRET).');
  }
}
