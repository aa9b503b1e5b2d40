import { DomainError } from '../../../platform/errors/domain-error.js';

/**
 * Lending's domain errors: each carries a stable `code` and a `kind` (the API's problem `type` is built from the
 * code, its status from the kind) and structured `details`, so one exception filter maps them without parsing messages.
 */
export abstract class LoanDomainError extends DomainError {}

export class IllegalTransition extends LoanDomainError {
  readonly code = 'LOAN.ILLEGAL_TRANSITION';
  readonly kind = 'conflict';
  constructor(currentState: string, action: string, allowedActions: readonly string[]) {
    const allowed = allowedActions.length > 0 ? allowedActions.join(', ') : 'none';
    super(`Cannot ${action} a loan in state ${currentState}; allowed: ${allowed}`, {
      currentState,
      action,
      allowedActions: [...allowedActions],
    });
  }
}

export class LoanNotFound extends LoanDomainError {
  readonly code = 'LOAN.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string) {
    super(`Loan ${loanId} does not exist`, { loanId });
  }
}

export class LoanAlreadyExists extends LoanDomainError {
  readonly code = 'LOAN.ALREADY_EXISTS';
  readonly kind = 'conflict';
  constructor(loanId: string) {
    super(`Loan ${loanId} already exists`, { loanId });
  }
}

export type InvalidField = { name: string; message: string };

export class InvalidLoanInput extends LoanDomainError {
  readonly code = 'LOAN.INVALID_INPUT';
  readonly kind = 'invalid';
  constructor(readonly fields: InvalidField[]) {
    super(fields.map((field) => field.message).join('; '), { fields });
  }
}

export class AgreementMismatch extends LoanDomainError {
  readonly code = 'LOAN.AGREEMENT_MISMATCH';
  readonly kind = 'conflict';
  constructor(issuedDocumentHash: string | undefined, signedDocumentHash: string) {
    super('The signed document is not the agreement that was issued for this loan', { issuedDocumentHash, signedDocumentHash });
  }
}

export class ProfileIncomplete extends LoanDomainError {
  readonly code = 'LOAN.PROFILE_INCOMPLETE';
  readonly kind = 'unprocessable';
  constructor(missing: string[]) {
    super(`Complete your profile first: ${missing.join(', ')}`, { missing });
  }
}

/**
 * The loan's product version requires an active auto-debit mandate (mandateRequired) before this step, and the loan
 * has none (docs/mandates.md, "Product settings"): the borrower or staff register one, then the step is asked again.
 */
export class MandateRequired extends LoanDomainError {
  readonly code = 'LOAN.MANDATE_REQUIRED';
  readonly kind = 'conflict';
  constructor(loanId: string, step: string) {
    super(
      `Cannot ${step} loan ${loanId}: its product requires an active auto-debit mandate (e-NACH or UPI AutoPay) first. Register one (POST /api/admin/loans/${loanId}/mandates) and have the borrower authorise it, then ${step} again.`,
      { loanId, step },
    );
  }
}

export class AgreementNotIssued extends LoanDomainError {
  readonly code = 'AGREEMENT.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string) {
    super(`No agreement has been issued for loan ${loanId} yet.`, { loanId });
  }
}

/** No borrower has this id (the customer screens; a staff user's id is not a customer either). */
export class CustomerNotFound extends LoanDomainError {
  readonly code = 'CUSTOMER.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(customerId: string) {
    super(`No customer has the id ${customerId}`, { customerId });
  }
}

/** An e-sign link that is unknown, expired or already used: one answer for all three, so a link tells nothing. */
export class AgreementLinkInvalid extends LoanDomainError {
  readonly code = 'AGREEMENT.LINK_INVALID';
  readonly kind = 'not-found';
  constructor() {
    super(
      'This signing link is not valid: it may have expired or been used already. Sign in to the portal to sign your agreement, or ask us for a new link.',
      {},
    );
  }
}

/** A borrower without a phone on file cannot receive the signing code. */
export class NoRegisteredPhone extends LoanDomainError {
  readonly code = 'AGREEMENT.NO_PHONE';
  readonly kind = 'conflict';
  constructor() {
    super('There is no phone number on your profile to send the signing code to. Add one in your profile first.', {});
  }
}

/** Maker-checker: the second step of a money movement must be taken by someone other than the first. */
export class SamePerson extends LoanDomainError {
  readonly code = 'PAYMENT.SAME_PERSON';
  readonly kind = 'forbidden';
  override readonly title = 'A second person must approve this';
  constructor(action: string, makerId: string) {
    super(`You recorded or requested this yourself; someone else must ${action} it (maker-checker).`, { action, makerId });
  }
}
