import { DomainError } from '../errors/domain-error.js';

/** Another writer appended to the stream first; the client may reload and retry. */
export class ConcurrencyError extends DomainError {
  readonly code = 'EVENT_STORE.CONCURRENCY';
  readonly kind = 'conflict';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, not ${expectedVersion}: someone else changed it first; reload and retry.`);
  }
}

/** The same idempotency key was used for a different stream. */
export class IdempotencyKeyReused extends DomainError {
  readonly code = 'EVENT_STORE.IDEMPOTENCY_KEY_REUSED';
  readonly kind = 'unprocessable';
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency-Key ${idempotencyKey} was already used for a different command.`);
  }
}
