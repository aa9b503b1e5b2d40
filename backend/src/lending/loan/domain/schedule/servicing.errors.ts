import { LoanDomainError } from '../loan.errors.js';

export class PaymentNotFound extends LoanDomainError {
  readonly code = 'LOAN.PAYMENT_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string, paymentId: string) {
    super(`Loan ${loanId} has no payment ${paymentId}`, { loanId, paymentId });
  }
}

export class PaymentAlreadyReversed extends LoanDomainError {
  readonly code = 'LOAN.PAYMENT_ALREADY_REVERSED';
  readonly kind = 'conflict';
  constructor(loanId: string, paymentId: string, reversedOn: string) {
    super(`Payment ${paymentId} of loan ${loanId} was already reversed on ${reversedOn}`, { loanId, paymentId, reversedOn });
  }
}
