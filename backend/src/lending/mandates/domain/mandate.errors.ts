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
