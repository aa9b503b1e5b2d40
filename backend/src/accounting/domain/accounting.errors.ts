import { DomainError } from '../../platform/errors/domain-error.js';

/** A rule broken, named by the field that breaks it (`lines[1].accountCode`): the API's problem field. */
export type ProblemField = { name: string; message: string };

/** A manual entry or a close request that breaks a rule of the books: one field per rule broken (400). */
export class BooksRefused extends DomainError {
  readonly code = 'ACCOUNTING.INVALID_ENTRY';
  readonly kind = 'invalid';
  override readonly title = 'The books refuse this';
  constructor(readonly fields: ProblemField[]) {
    super(fields.map((f) => `${f.name}: ${f.message}`).join('; '), { fields });
  }
}

/** Maker-checker: the one who proposed or asked may not approve or reject it (403). */
export class SamePerson extends DomainError {
  readonly code = 'ACCOUNTING.SAME_PERSON';
  readonly kind = 'forbidden';
  override readonly title = 'A second person must decide';
  constructor(what: string) {
    super(`You ${what}: a second person holding the permission must approve or reject it.`);
  }
}

export class NotFound extends DomainError {
  readonly code = 'ACCOUNTING.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(what: string) {
    super(`There is no ${what}.`);
  }
}

/** The request was decided already (or another is pending): nothing to do as asked (409). */
export class AlreadyDecided extends DomainError {
  readonly code = 'ACCOUNTING.NOT_PENDING';
  readonly kind = 'conflict';
  constructor(message: string) {
    super(message);
  }
}
