import { LoanDomainError, type InvalidField } from '../../loan/domain/loan.errors.js';

/**
 * Well-formed settlement terms the loan cannot take as asked (an amount above what is owed, a validUntil already
 * past): 422 with the fields named, and nothing appended.
 */
export class SettlementTermsRefused extends LoanDomainError {
  readonly code = 'SETTLEMENT.TERMS_REFUSED';
  readonly kind = 'unprocessable';
  constructor(readonly fields: InvalidField[]) {
    super(fields.map((field) => field.message).join('; '), { fields });
  }
}

export class SettlementOfferNotFound extends LoanDomainError {
  readonly code = 'SETTLEMENT.OFFER_NOT_FOUND';
  readonly kind = 'not-found';
  /** `loanId` empty when the offer was looked up by its id alone. */
  constructor(loanId: string, offerId: string) {
    super(
      loanId ? `Loan ${loanId} has no settlement offer ${offerId}` : `Settlement offer ${offerId} does not exist`,
      loanId ? { loanId, offerId } : { offerId },
    );
  }
}

/** One open offer at a time: the one waiting for approval or approved and not yet lapsed. */
export class SettlementOfferOpen extends LoanDomainError {
  readonly code = 'SETTLEMENT.OFFER_OPEN';
  readonly kind = 'conflict';
  constructor(offerId: string) {
    super(`Settlement offer ${offerId} is still open; only one offer may be open at a time.`, { offerId });
  }
}

export class SettlementOfferNotPending extends LoanDomainError {
  readonly code = 'SETTLEMENT.OFFER_NOT_PENDING';
  readonly kind = 'conflict';
  constructor(offerId: string, status: string, action: 'approved' | 'rejected' | 'withdrawn' = 'approved') {
    super(`Settlement offer ${offerId} is ${status}; only a pending offer can be ${action}.`, { offerId, offerStatus: status });
  }
}

/** Only the one who made an offer may withdraw it (the checker rejects instead). */
export class NotTheOfferMaker extends LoanDomainError {
  readonly code = 'SETTLEMENT.NOT_THE_MAKER';
  readonly kind = 'forbidden';
  constructor(offerId: string) {
    super(`Settlement offer ${offerId} was made by someone else: only its maker may withdraw it (a checker rejects it).`, { offerId });
  }
}

export class WriteOffNotRequested extends LoanDomainError {
  readonly code = 'SETTLEMENT.WRITE_OFF_NOT_REQUESTED';
  readonly kind = 'conflict';
  constructor(loanId: string) {
    super(`No write-off of loan ${loanId} is waiting for approval.`, { loanId });
  }
}

export class WriteOffAlreadyRequested extends LoanDomainError {
  readonly code = 'SETTLEMENT.WRITE_OFF_ALREADY_REQUESTED';
  readonly kind = 'conflict';
  constructor(loanId: string) {
    super(`A write-off of loan ${loanId} is already waiting for approval.`, { loanId });
  }
}

/** Only the one who asked for a write-off may withdraw the request (the checker rejects it instead). */
export class NotTheWriteOffRequester extends LoanDomainError {
  readonly code = 'SETTLEMENT.NOT_THE_REQUESTER';
  readonly kind = 'forbidden';
  constructor(loanId: string) {
    super(`The write-off of loan ${loanId} was asked for by someone else: only they may withdraw it (a checker rejects it).`, { loanId });
  }
}
