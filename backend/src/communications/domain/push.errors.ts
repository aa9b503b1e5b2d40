import { DomainError } from '../../platform/errors/domain-error.js';

/** A push registration that does not exist, or is not the caller's: the same answer for both. */
export class PushTokenNotFound extends DomainError {
  readonly code = 'PUSH.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No push registration of yours has the id ${id}.`, { id });
  }
}
