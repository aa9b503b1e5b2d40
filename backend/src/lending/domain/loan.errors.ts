/**
 * Domain errors carry a stable `code` (the API's problem `type` is built from it) and
 * structured `details`, so one exception filter can map them without parsing messages.
 */
export class LoanDomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class IllegalTransition extends LoanDomainError {
  constructor(currentState: string, action: string, allowedActions: readonly string[]) {
    const allowed = allowedActions.length > 0 ? allowedActions.join(', ') : 'none';
    super(
      'LOAN.ILLEGAL_TRANSITION',
      `Cannot ${action} a loan in state ${currentState}; allowed: ${allowed}`,
      { currentState, action, allowedActions: [...allowedActions] },
    );
  }
}

export class LoanNotFound extends LoanDomainError {
  constructor(loanId: string) {
    super('LOAN.NOT_FOUND', `Loan ${loanId} does not exist`, { loanId });
  }
}

export class LoanAlreadyExists extends LoanDomainError {
  constructor(loanId: string) {
    super('LOAN.ALREADY_EXISTS', `Loan ${loanId} already exists`, { loanId });
  }
}

export type InvalidField = { name: string; message: string };

export class InvalidLoanInput extends LoanDomainError {
  constructor(readonly fields: InvalidField[]) {
    super('LOAN.INVALID_INPUT', fields.map((field) => field.message).join('; '), { fields });
  }
}

export class AgreementMismatch extends LoanDomainError {
  constructor(issuedDocumentHash: string | undefined, signedDocumentHash: string) {
    super(
      'LOAN.AGREEMENT_MISMATCH',
      'The signed document is not the agreement that was issued for this loan',
      { issuedDocumentHash, signedDocumentHash },
    );
  }
}

export class ProfileIncomplete extends LoanDomainError {
  constructor(missing: string[]) {
    super('LOAN.PROFILE_INCOMPLETE', `Complete your profile first: ${missing.join(', ')}`, {
      missing,
    });
  }
}
