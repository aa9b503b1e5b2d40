import { DomainError } from '../../../platform/errors/domain-error.js';
import type { InvalidField } from '../../loan/domain/loan.errors.js';

/** Refusals about loan products; the API's problem type is the part of the code after the dot. */
export abstract class ProductError extends DomainError {}

export class InvalidProduct extends ProductError {
  readonly code = 'PRODUCT.VALIDATION_FAILED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(readonly fields: InvalidField[]) {
    super(fields.map((field) => field.message).join('; '), { fields });
  }
}

export class ProductNotFound extends ProductError {
  readonly code = 'PRODUCT.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No loan product has the id ${id}.`, { id });
  }
}

export class ProductCodeTaken extends ProductError {
  readonly code = 'PRODUCT.CODE_TAKEN';
  readonly kind = 'conflict';
  override readonly title = 'Already exists';
  constructor(code: string) {
    const message = `A product with the code "${code}" already exists.`;
    super(message, { fields: [{ name: 'code', message }] });
  }
}

export class NoActiveProduct extends ProductError {
  readonly code = 'PRODUCT.NONE_ACTIVE';
  readonly kind = 'unprocessable';
  constructor(loanType: string) {
    // Not `type`: details become problem members, and `type` is the problem's own.
    super(`No ${loanType} product is open for applications at the moment.`, { loanType });
  }
}
